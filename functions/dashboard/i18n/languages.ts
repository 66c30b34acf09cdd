// The dashboard's languages and which one a browser gets: the merchant's own choice (the
// switch), else the first of the browser's languages the dashboard speaks, else English.
export const dashboardLanguages = ['pt-BR', 'es', 'en'] as const;
export type DashboardLanguage = (typeof dashboardLanguages)[number];

/** Each language's name in itself, for the switch. */
export const languageNames: Record<DashboardLanguage, string> = {
  'pt-BR': 'Português',
  es: 'Español',
  en: 'English',
};

function supported(tag: string): DashboardLanguage | null {
  const language = tag.toLowerCase().split('-')[0];
  if (language === 'pt') return 'pt-BR';
  if (language === 'es') return 'es';
  if (language === 'en') return 'en';
  return null;
}

export function chooseLanguage(saved: string | null, browserLanguages: readonly string[]): DashboardLanguage {
  if (saved && (dashboardLanguages as readonly string[]).includes(saved)) return saved as DashboardLanguage;
  for (const tag of browserLanguages) {
    const language = supported(tag);
    if (language) return language;
  }
  return 'en';
}
