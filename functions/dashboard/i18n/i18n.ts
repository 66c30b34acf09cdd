// The dashboard's messages through Lingui's runtime (ICU MessageFormat: plurals, selects,
// placeholders), the active language, and the locale Intl formats numbers and dates with.
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { chooseLanguage, type DashboardLanguage } from './languages.ts';
import { en, type MessageId } from './messages/en.ts';
import { es } from './messages/es.ts';
import { ptBR } from './messages/pt-br.ts';

export const catalogues: Record<DashboardLanguage, Record<MessageId, string>> = { en, es, 'pt-BR': ptBR };

i18n.setMessagesCompiler(compileMessage);
i18n.loadAndActivate({ locale: 'en', messages: en });

/** The merchant's choice is not a secret: it outlives the session, in this browser only. */
const storageKey = 'dashboard.language';
let active: DashboardLanguage = 'en';

export function activateLanguage(language: DashboardLanguage, remember = false): void {
  active = language;
  i18n.loadAndActivate({ locale: language, messages: catalogues[language] });
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (remember) localStorage.setItem(storageKey, language);
}

export function activateBrowserLanguage(): void {
  activateLanguage(
    chooseLanguage(localStorage.getItem(storageKey), navigator.languages ?? [navigator.language]),
  );
}

export function currentLanguage(): DashboardLanguage {
  return active;
}

export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}
