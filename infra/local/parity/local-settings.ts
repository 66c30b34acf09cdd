// The settings a developer may tune on the local stack from the shell (`RATE_LIMIT_PER_SECOND=5
// npm start`) or a test may pass: behaviour, never wiring. Wiring (table, queues, endpoints,
// keys) comes only from the synthesized stack, so a function cannot lean on a variable its
// stack would not give it.

export const tunableSettings = [
  'LOG_LEVEL',
  'ALLOW_INSECURE_POSTBACK',
  'SANDBOX_RAILS',
  'SANDBOX_INSTRUCTION_DELAY_MS',
  'SANDBOX_SETTLEMENT_DELAY_MS',
  'SANDBOX_CHARGE_TTL_MS',
  'BOLETO_SETTLEMENT_BUSINESS_DAYS',
  'LAST_LOOK_AFTER_CLOSE_MS',
  'RAIL_REPORTING',
  'SAFETY_NET_POLL_MS',
  'LISTING_OVERLAP_MS',
  'AUTH_CACHE_TTL_MS',
  'HEALTH_CACHE_TTL_MS',
  'SWEEP_AFTER_MS',
  'SWEEP_TIME_BUDGET_MS',
  'WORK_MAX_SWEEPS',
  'WORK_INDEX_SHARDS',
  'INSTRUCTION_POLL_SCHEDULE',
  'PAYMENT_POLL_SCHEDULE',
  'WEBHOOK_RETRY_SCHEDULE',
  'WEBHOOK_TIMEOUT_MS',
  'RATE_LIMIT_PER_SECOND',
  'RATE_LIMIT_BURST',
  'ADDRESS_RATE_LIMIT_PER_SECOND',
  // The local PSP of the API Pix rail (test/support/fake-psp or a PSP's sandbox).
  'PIX_API_BASE_URL',
  'PIX_API_TOKEN_URL',
  'PIX_API_CHAVE',
  'PIX_API_CLIENT_ID',
  'PIX_API_MERCHANT_NAME',
  'PIX_API_MERCHANT_CITY',
  'PIX_API_RECEIVER_AGENCIA',
  'PIX_API_RECEIVER_CONTA',
  'PIX_API_RECEIVER_TIPO_CONTA',
  'PIX_API_TIMEOUT_MS',
  'PIX_API_CLIENT_SECRET',
  'PIX_API_CERT',
  'PIX_API_CERT_FILE',
  'PIX_API_KEY',
  'PIX_API_KEY_FILE',
  'PIX_API_CA',
  'PIX_API_CA_FILE',
] as const;

/** What the local stage sets differently from a dev stage in AWS. */
export const localStageSettings: Readonly<Record<string, string>> = {
  // Loopback receivers (tests, a developer's own machine) are the point of the local stack.
  ALLOW_INSECURE_POSTBACK: 'true',
  RATE_LIMIT_PER_SECOND: '100',
};

export function tunedSettings(shell: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    tunableSettings.flatMap((name) => {
      const value = shell[name];
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
}
