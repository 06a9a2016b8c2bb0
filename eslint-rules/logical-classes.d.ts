import type { ESLint, Rule } from 'eslint';

export function physicalClassesIn(text: string): { found: string; use: string }[];
export const logicalCss: ESLint.Plugin & { rules: { 'no-physical-classes': Rule.RuleModule } };
