// The dashboard's message catalogues: every language has every message, with the same
// placeholders as English, each a valid ICU message; every status, permission and section the
// dashboard names has its words; the language a browser gets.
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { amountProblemText } from '../../functions/dashboard/amount-problems.ts';
import { activateLanguage, catalogues, t } from '../../functions/dashboard/i18n/i18n.ts';
import { chooseLanguage, dashboardLanguages } from '../../functions/dashboard/i18n/languages.ts';
import { en } from '../../functions/dashboard/i18n/messages/en.ts';
import { billingCycles } from '../../shared/catalog/offer.ts';
import { deliveryStatuses } from '../../shared/events/event.ts';
import { eventTypeNames } from '../../shared/events/event-types.ts';
import { readAmountInput } from '../../shared/money/amount-input.ts';
import { permissions } from '../../shared/permissions.ts';
import { cancelReasons, subscriptionStatuses } from '../../shared/subscriptions/subscription-status.ts';
import { transactionStatuses } from '../../shared/transactions/transaction.ts';

/** The arguments a message uses, sorted: {name}, {count, plural, …}. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const option of token.cases) walk(option.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('dashboard messages', () => {
  it.each(dashboardLanguages)(
    '%s has every message, with the placeholders of the English one',
    (language) => {
      const catalogue = catalogues[language];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [id, message] of Object.entries(en)) {
        const translated = catalogue[id as keyof typeof en];
        expect(translated.trim(), id).not.toBe('');
        expect(argumentsOf(translated), id).toEqual(argumentsOf(message));
      }
    },
  );

  it('names every status, permission, billing cycle, event type and cancel reason in words', () => {
    const ids = new Set(Object.keys(en));
    const missing = [
      ...transactionStatuses.map((status) => `status.transaction.${status}`),
      ...deliveryStatuses.map((status) => `status.delivery.${status}`),
      ...permissions.map((permission) => `permission.${permission}`),
      ...subscriptionStatuses.map((status) => `status.subscription.${status}`),
      ...billingCycles.map((cycle) => `cycle.${cycle}`),
      ...eventTypeNames.map((type) => `eventType.${type}`),
      ...cancelReasons.map((reason) => `cancelReason.${reason}`),
    ].filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
  });

  it('words every refused amount in the language, as the English reading says it', () => {
    const refusals = ['', '-5', 'abc', '12.34,5.6', '1.2345,00', '1,234', '99999999999999999999', '0,00'].map(
      (typed) => readAmountInput(typed),
    );
    for (const reading of refusals) {
      if (!('error' in reading)) throw new Error('refused amounts only');
      expect(amountProblemText(reading)).toBe(reading.error);
    }
    activateLanguage('pt-BR');
    try {
      expect(amountProblemText({ problem: 'badGrouping', grouping: '.' })).toBe(
        'agrupa os milhares de forma errada (use . a cada três dígitos)',
      );
    } finally {
      activateLanguage('en');
    }
  });

  it('formats plurals and placeholders', () => {
    expect(t('home.created', { count: 1 })).toBe('1 created');
    expect(t('detail.leftOut', { count: 3 })).toMatch(/^3 attempts not kept/);
    expect(t('error.http', { status: 502 })).toBe('The request failed (HTTP 502).');
  });
});

describe('the language a browser gets', () => {
  it('is the merchant’s choice, else the first of the browser’s languages the dashboard speaks, else English', () => {
    expect(chooseLanguage('es', ['pt-BR'])).toBe('es');
    expect(chooseLanguage(null, ['pt-BR', 'en'])).toBe('pt-BR');
    expect(chooseLanguage(null, ['pt-PT'])).toBe('pt-BR');
    expect(chooseLanguage(null, ['fr-FR', 'es-CO', 'en'])).toBe('es');
    expect(chooseLanguage(null, ['de'])).toBe('en');
    expect(chooseLanguage('klingon', ['es-BO'])).toBe('es');
  });
});
