import { describe, expect, it } from 'vitest';
import { backspaceTarget, emptyCode, isComplete, pasteIntoBox, typeIntoBox } from './code-boxes.ts';

describe('the code boxes', () => {
  it('start as four empty boxes', () => {
    expect(emptyCode()).toEqual(['', '', '', '']);
    expect(isComplete(emptyCode())).toBe(false);
  });

  it('take a typed digit and move to the next box', () => {
    expect(typeIntoBox(['', '', '', ''], 0, '7')).toEqual({ digits: ['7', '', '', ''], focus: 1 });
    expect(typeIntoBox(['7', '', '', ''], 1, '3')).toEqual({ digits: ['7', '3', '', ''], focus: 2 });
  });

  it('stay on the last box when it is filled', () => {
    const filled = typeIntoBox(['1', '2', '3', ''], 3, '4');
    expect(filled).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
    expect(isComplete(filled.digits)).toBe(true);
  });

  it('ignore letters and signs', () => {
    expect(typeIntoBox(['1', '', '', ''], 1, 'a')).toEqual({ digits: ['1', '', '', ''], focus: 1 });
  });

  it('keep the newly typed digit when typing into a filled box', () => {
    expect(typeIntoBox(['1', '5', '', ''], 1, '58')).toEqual({ digits: ['1', '8', '', ''], focus: 2 });
    expect(typeIntoBox(['1', '5', '', ''], 1, '85')).toEqual({ digits: ['1', '8', '', ''], focus: 2 });
  });

  it('clear a box whose digit is deleted', () => {
    expect(typeIntoBox(['1', '2', '', ''], 1, '')).toEqual({ digits: ['1', '', '', ''], focus: 1 });
  });

  it('fill every box from a whole code, wherever it lands (paste or one-time-code autofill)', () => {
    expect(pasteIntoBox(emptyCode(), 2, '4821')).toEqual({ digits: ['4', '8', '2', '1'], focus: 3 });
    expect(pasteIntoBox(emptyCode(), 0, ' 48-21 ')).toEqual({ digits: ['4', '8', '2', '1'], focus: 3 });
    expect(typeIntoBox(emptyCode(), 0, '4821')).toEqual({ digits: ['4', '8', '2', '1'], focus: 3 });
  });

  it('fill from the pasted box on for part of a code, and ignore a paste without digits', () => {
    expect(pasteIntoBox(['9', '', '', ''], 1, '12')).toEqual({ digits: ['9', '1', '2', ''], focus: 3 });
    expect(pasteIntoBox(['9', '', '', ''], 1, 'code')).toEqual({ digits: ['9', '', '', ''], focus: 1 });
  });

  it('move back on Backspace only from an empty box', () => {
    expect(backspaceTarget(['1', '2', '', ''], 2)).toBe(1);
    expect(backspaceTarget(['1', '2', '', ''], 1)).toBeNull();
    expect(backspaceTarget(['', '', '', ''], 0)).toBeNull();
  });
});
