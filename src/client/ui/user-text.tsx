import type { ReactNode } from 'react';
import { placeholder } from '../lib/i18n.ts';

/**
 * A translated text (`t(key)` without values) whose `{{name}}` placeholders are filled with user
 * text (a shop's name, a search), each value isolated in its own direction (`<bdi>`): in an Arabic
 * sentence "Glow Beauty Co." keeps its period at its end instead of showing as ".Glow Beauty Co".
 */
export function WithUserText({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  // A pattern with one group splits into the texts between placeholders (even places) and the names (odd ones).
  return text.split(placeholder).map((part, index) => (index % 2 === 0 ? part : part in values ? <bdi key={index}>{values[part]}</bdi> : `{{${part}}}`));
}
