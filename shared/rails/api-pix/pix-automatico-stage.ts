// The stage's Pix Automático PSP: the API Pix recurrence client where the stage configures API
// Pix with the account cycle charges credit (PIX_API_RECEIVER_CONTA); null elsewhere, and a
// PIX_AUTOMATICO subscription is refused there (422). Only functions with `rails:live` see it.
import { onConfigurationReset } from '../../config.ts';
import { apiPixConfig } from './api-pix-config.ts';
import { loadApiPixSecrets } from './api-pix-secrets.ts';
import { mutualTlsAgent, PspUnavailableError, pspRequest } from './psp-http.ts';
import { createRecurrenceClient } from './recurrence-client.ts';
import type { PixAutomaticoPort } from './recurrence-port.ts';

let port: PixAutomaticoPort | null | undefined;
onConfigurationReset(() => {
  port = undefined;
});

export function pixAutomaticoPort(): PixAutomaticoPort | null {
  if (port !== undefined) return port;
  const config = apiPixConfig();
  port = config?.receiverAccount ? createRecurrenceClient(config) : null;
  return port;
}

/** Lets tests (and the sandbox) put an adapter of their own in place of the stage's. */
export function usePixAutomaticoPort(adapter: PixAutomaticoPort | null): void {
  port = adapter;
}

/**
 * Sandbox: the payer's bank approves the recurrence. A PSP's test environment that plays the
 * payer's bank does it at `{PSP origin}/payer-bank/rec/{idRec}/authorize` over the same mutual
 * TLS (the fake PSP does; docs/decisions.md); false when the PSP has no such place (404). The
 * recurrence is read afterwards either way: that reading, not this answer, moves the subscription.
 */
const sandboxAnswerMs = 15_000;

export async function sandboxPayerAuthorizes(idRec: string, answerBy: number): Promise<boolean> {
  const config = apiPixConfig();
  if (!config) return false;
  const secrets = await loadApiPixSecrets(config);
  const url = `${new URL(config.baseUrl).origin}/payer-bank/rec/${encodeURIComponent(idRec)}/authorize`;
  // The payer's bank notifies us before it answers (our notification routes read the PSP in turn).
  const timeoutMs = Math.min(Math.max(config.timeoutMs, sandboxAnswerMs), answerBy - Date.now());
  if (timeoutMs < 500) throw new PspUnavailableError(`POST ${url}: no time left`);
  const response = await pspRequest(mutualTlsAgent(secrets), 'POST', url, { headers: {}, timeoutMs });
  if (response.status === 404) return false;
  // 409: the payer's side had answered already (approved, declined, canceled): reading it tells.
  if (response.status >= 300 && response.status !== 409)
    throw new PspUnavailableError(`POST ${url}: HTTP ${response.status} ${response.text.slice(0, 200)}`);
  return true;
}
