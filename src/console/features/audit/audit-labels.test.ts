import { afterEach, describe, expect, it } from 'vitest';
import { setMessages } from '../../../client/lib/i18n.ts';
import { ownMessages } from '../../../client/test/locale-messages.ts';
import { auditActions, auditEntityTypes } from '../../../shared/audit-actions.ts';
import { actionName, entityTypeName, fieldPathName } from './audit-labels.ts';

describe.each(['en', 'ar', 'ir'] as const)('the audit log’s words in %s', (locale) => {
  const messages = ownMessages(locale);

  it('name every registered entity type and action', () => {
    const unnamed = [...auditEntityTypes.map((type) => [type, entityTypeName(type)]), ...auditActions.map((action) => [action, actionName(action)])].filter(([code, words]) => words === code || !messages[words!]);
    expect(unnamed).toEqual([]);
  });
});

describe('the audit log’s words', () => {
  afterEach(() => setMessages({}));

  it('tell each action apart in the action filter', () => {
    const names = auditActions.map(actionName);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('name a changed value’s path, lists by their items, and leave an unknown field as it is stored', () => {
    expect(fieldPathName('variants[2].price')).toBe('Variant 3 · Price');
    expect(fieldPathName('variants.41.stock')).toBe('Variant #41 · Stock');
    expect(fieldPathName('shipment.tracking_number')).toBe('Shipment · Tracking number');
    expect(fieldPathName('images[0]')).toBe('Image 1');
    expect(fieldPathName('translations.ar.name')).toBe('Translations · ar · Name');
    expect(fieldPathName('mystery_flag')).toBeNull();
    // A flash sale enrolment's fields, as the row keeps them.
    expect(fieldPathName('salePrice')).toBe('Sale price');
    expect(fieldPathName('declineReason')).toBe('Decline reason');
    setMessages(ownMessages('ar'));
    expect(fieldPathName('declineReason')).toBe('سبب الرفض');
    expect(fieldPathName('variants[2].price')).toBe('المتغير 3 · السعر');
  });
});
