import { describe, expect, it } from 'vitest';
import { translateFilledMessage } from './message-templates.ts';

describe('API messages with a number or a name inside', () => {
  it('take the plural form of the count, written in the language of the answer', () => {
    expect(translateFilledMessage('Only 1 left in stock', 'ar')).toBe('بقيت قطعة واحدة فقط في المخزون');
    expect(translateFilledMessage('Only 2 left in stock', 'ar')).toBe('بقيت قطعتان فقط في المخزون');
    expect(translateFilledMessage('Only 3 left in stock', 'ar')).toBe('بقيت 3 قطع فقط في المخزون');
    expect(translateFilledMessage('Only 11 left in stock', 'ar')).toBe('بقيت 11 قطعة فقط في المخزون');
    expect(translateFilledMessage('Only 3 left in stock', 'ir')).toBe('فقط ۳ عدد در انبار مانده است');
  });

  it('keep a name as it was written, whatever it contains', () => {
    expect(translateFilledMessage('Only 2 left of Desk Lamp 40 W', 'ar')).toBe('بقيت قطعتان فقط من Desk Lamp 40 W');
    expect(translateFilledMessage('Travel Mug is out of stock', 'ir')).toBe('Travel Mug ناموجود است');
    expect(translateFilledMessage('Travel Mug is no longer available', 'ar')).toBe('Travel Mug لم يعد متوفرًا');
    expect(translateFilledMessage('The phone must be between 9 and 16 digits.', 'ir')).toBe('شماره تلفن باید بین ۹ تا ۱۶ رقم باشد.');
    expect(translateFilledMessage('The amount must be at least 10.', 'ar')).toBe('يجب ألا يقل المبلغ عن 10.');
  });

  it('leave a text that fits no template', () => {
    expect(translateFilledMessage('Something else happened', 'ar')).toBeUndefined();
  });
});
