// @vitest-environment happy-dom
import '../../../client/test/component-test-setup.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion.tsx';

const faq = (id: number, question: string, category = '') => ({ id, question, answer: `Answer ${id}`, category });

describe('the FAQ', () => {
  it('puts questions under their category’s heading, in the order each category first comes, those without one first', () => {
    render(<FaqAccordion faqs={[faq(1, 'Where is my order?', 'Orders'), faq(2, 'Do you ship abroad?', 'Shipping'), faq(3, 'Can I cancel?', 'Orders'), faq(4, 'Who are you?')]} />);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Who are you?', 'Orders', 'Where is my order?', 'Can I cancel?', 'Shipping', 'Do you ship abroad?']);
    expect(screen.getByRole('heading', { name: 'Orders', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Can I cancel?', level: 4 })).toBeInTheDocument();
  });

  it('lists questions without categories as before', () => {
    render(<FaqAccordion faqs={[faq(1, 'Where is my order?'), faq(2, 'Can I cancel?')]} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Where is my order?', 'Can I cancel?']);
  });
});
