// The merchant dashboard: a hash-routed Preact app over the public API, in the merchant's language.
import './style.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, loadApiBase } from './api.ts';
import { setAccountTimeZone } from './format.ts';
import { activateBrowserLanguage, activateLanguage, currentLanguage, t } from './i18n/i18n.ts';
import { type DashboardLanguage, dashboardLanguages, languageNames } from './i18n/languages.ts';
import type { MessageId } from './i18n/messages/en.ts';
import { ApiKeysPage } from './pages/api-keys.tsx';
import { BrandingPage } from './pages/branding.tsx';
import { CheckoutPage } from './pages/checkout.tsx';
import { EmailsPage } from './pages/emails.tsx';
import { HomePage } from './pages/home.tsx';
import { ProductsPage } from './pages/products.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { SubscriptionDetailPage } from './pages/subscription-detail.tsx';
import { SubscriptionsPage } from './pages/subscriptions.tsx';
import { TransactionDetailPage } from './pages/transaction-detail.tsx';
import { TransactionsPage } from './pages/transactions.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { currentRoute, type Route } from './route.ts';
import { askOpenTabs, currentKey, signOut } from './session.ts';
import type { SaleSettings } from './types.ts';

const sections = [
  'home',
  'transactions',
  'subscriptions',
  'products',
  'checkout',
  'webhooks',
  'api-keys',
  'branding',
  'emails',
] as const;
const sectionLabel = (path: string) => t(`nav.${path}` as MessageId);

function Page(props: { route: Route }) {
  const [section, id] = props.route.path;
  // Keyed by id: another transaction (or an unknown id) never shows what the previous one loaded.
  if (section === 'transactions' && id) return <TransactionDetailPage key={id} id={id} />;
  if (section === 'transactions') return <TransactionsPage query={props.route.query} />;
  if (section === 'subscriptions' && id) return <SubscriptionDetailPage key={id} id={id} />;
  if (section === 'subscriptions') return <SubscriptionsPage query={props.route.query} />;
  if (section === 'products') return <ProductsPage />;
  if (section === 'checkout') return <CheckoutPage key={id} linkId={id} />;
  if (section === 'webhooks') return <WebhooksPage />;
  if (section === 'api-keys') return <ApiKeysPage />;
  if (section === 'branding') return <BrandingPage />;
  if (section === 'emails') return <EmailsPage />;
  return <HomePage />;
}

function LanguageSwitch(props: { onChange: (language: DashboardLanguage) => void }) {
  return (
    <label class="language-switch">
      <span class="sr-only">{t('app.language')}</span>
      <select
        class="language-select"
        data-testid="language"
        value={currentLanguage()}
        onChange={(event) => props.onChange((event.target as HTMLSelectElement).value as DashboardLanguage)}
      >
        {dashboardLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

function App() {
  const [signedIn, setSignedIn] = useState(currentKey() !== null);
  const [route, setRoute] = useState(currentRoute());
  const [menuOpen, setMenuOpen] = useState(false);
  const [language, setLanguage] = useState(currentLanguage());
  // The account's time zone comes before the pages, so no date shows in another zone first.
  const [zoneLoaded, setZoneLoaded] = useState(false);
  useEffect(() => {
    const onHash = () => {
      setRoute(currentRoute());
      setMenuOpen(false);
    };
    const onSignOut = () => setSignedIn(false);
    window.addEventListener('hashchange', onHash);
    window.addEventListener('dashboard:signed-out', onSignOut);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('dashboard:signed-out', onSignOut);
    };
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    api<SaleSettings>('GET', '/v2/account/settings')
      .then((settings) => setAccountTimeZone(settings.timeZone))
      .catch(() => undefined)
      .finally(() => setZoneLoaded(true));
  }, [signedIn]);
  useEffect(() => {
    const section = sections.find((path) => path === route.path[0]) ?? 'home';
    document.title = t('app.title', { section: signedIn ? sectionLabel(section) : t('signIn.tabTitle') });
  }, [route, signedIn, language]);
  const switchLanguage = (chosen: DashboardLanguage) => {
    activateLanguage(chosen, true);
    setLanguage(chosen);
  };

  if (!signedIn)
    return (
      <div key={language}>
        <div class="sign-in-language">
          <LanguageSwitch onChange={switchLanguage} />
        </div>
        <SignInPage onSignedIn={() => setSignedIn(true)} />
      </div>
    );
  return (
    <div class="shell" key={language}>
      <button type="button" class="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        {t('app.skip')}
      </button>
      <header class="topbar">
        <span class="brand">{t('app.brand')}</span>
        <button
          type="button"
          class="menu-toggle secondary small"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('app.menu')}
        </button>
        <nav id="nav" class={menuOpen ? 'open' : ''} aria-label={t('app.sections')}>
          <ul>
            {sections.map((path) => (
              <li key={path}>
                <a href={`#/${path}`} aria-current={route.path[0] === path ? 'page' : undefined}>
                  {sectionLabel(path)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch onChange={switchLanguage} />
        <button type="button" class="secondary small" data-testid="sign-out" onClick={() => signOut()}>
          {t('app.signOut')}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {zoneLoaded ? <Page route={route} /> : <p class="muted">{t('app.loading')}</p>}
      </main>
    </div>
  );
}

activateBrowserLanguage();
await Promise.all([loadApiBase(), askOpenTabs()]);
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
