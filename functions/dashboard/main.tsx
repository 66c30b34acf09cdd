// The merchant dashboard: a hash-routed Preact app over the public API.
import './style.css';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { loadApiBase } from './api.ts';
import { ApiKeysPage } from './pages/api-keys.tsx';
import { BrandingPage } from './pages/branding.tsx';
import { CheckoutPage } from './pages/checkout.tsx';
import { EmailsPage } from './pages/emails.tsx';
import { HomePage } from './pages/home.tsx';
import { ProductsPage } from './pages/products.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { TransactionDetailPage } from './pages/transaction-detail.tsx';
import { TransactionsPage } from './pages/transactions.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { currentKey, signOut } from './session.ts';

const sections = [
  { path: 'home', label: 'Home' },
  { path: 'transactions', label: 'Transactions' },
  { path: 'products', label: 'Products' },
  { path: 'checkout', label: 'Checkout' },
  { path: 'webhooks', label: 'Webhooks' },
  { path: 'api-keys', label: 'API keys' },
  { path: 'branding', label: 'Branding' },
  { path: 'emails', label: 'Payer e-mails' },
] as const;

function currentRoute(): string[] {
  return (location.hash.replace(/^#\/?/, '') || 'home').split('/').map(decodeURIComponent);
}

function Page(props: { route: string[] }) {
  const [section, id] = props.route;
  if (section === 'transactions' && id) return <TransactionDetailPage id={id} />;
  if (section === 'transactions') return <TransactionsPage />;
  if (section === 'products') return <ProductsPage />;
  if (section === 'checkout') return <CheckoutPage linkId={id} />;
  if (section === 'webhooks') return <WebhooksPage />;
  if (section === 'api-keys') return <ApiKeysPage />;
  if (section === 'branding') return <BrandingPage />;
  if (section === 'emails') return <EmailsPage />;
  return <HomePage />;
}

function App() {
  const [signedIn, setSignedIn] = useState(currentKey() !== null);
  const [route, setRoute] = useState(currentRoute());
  const [menuOpen, setMenuOpen] = useState(false);
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
    const label = sections.find((section) => section.path === route[0])?.label ?? 'Home';
    document.title = `${signedIn ? label : 'Sign in'} · Dashboard`;
  }, [route, signedIn]);

  if (!signedIn) return <SignInPage onSignedIn={() => setSignedIn(true)} />;
  return (
    <div class="shell">
      <button type="button" class="skip-link" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header class="topbar">
        <span class="brand">Cash-in dashboard</span>
        <button
          type="button"
          class="menu-toggle secondary small"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <nav id="nav" class={menuOpen ? 'open' : ''} aria-label="Sections">
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <a href={`#/${section.path}`} aria-current={route[0] === section.path ? 'page' : undefined}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="secondary small" data-testid="sign-out" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </div>
  );
}

await loadApiBase();
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
