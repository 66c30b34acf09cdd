// Amounts typed in a merchant's own way are read as they meant them; what cannot be read says why.
import { describe, expect, it } from 'vitest';
import { readAmountInput } from '../../shared/money/amount-input.ts';

describe('readAmountInput', () => {
  it.each([
    ['49.90', 4990],
    ['49,90', 4990],
    ['1.500', 150_000],
    ['1.234,56', 123_456],
    ['12.345,50', 1_234_550],
    ['R$ 45,90', 4590],
    ['$ 12.345,50', 1_234_550],
    ['1,234.56', 123_456],
    ['1.234.567', 123_456_700],
    ['0,5', 50],
    ['7', 700],
    [' 59,90 ', 5990],
    ['R$\u00a01.000,00', 100_000],
  ])('%s → %i cents', (typed, cents) => {
    expect(readAmountInput(typed)).toEqual({ cents });
  });

  it.each([
    ['', 'enter an amount'],
    ['abc', 'use digits'],
    ['1,234', 'more than two decimal places'],
    ['1.23.4', 'groups thousands wrongly'],
    ['12.34,5.6', 'more than one decimal mark'],
    ['0,00', 'more than zero'],
    ['-5', 'more than zero'],
    ['1.2345,00', 'groups thousands wrongly'],
  ])('refuses %j: %s', (typed, reason) => {
    const reading = readAmountInput(typed);
    expect('error' in reading && reading.error).toContain(reason);
  });
});
