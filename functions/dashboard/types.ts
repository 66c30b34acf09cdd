// The API objects the dashboard reads (the subset of fields it shows).
export interface Transaction {
  id: string;
  currency: string;
  method: string;
  externalId: string | null;
  status: string;
  amount: number;
  costFee: number;
  postbackUrl: string | null;
  redirectUrl: string | null;
  qr: string | null;
  boletoDigitableLine: string | null;
  paymentInstruction: {
    dueDate: string;
    boletoUrl: string | null;
    boletoBarcode: string;
    boletoDigitableLine: string;
  } | null;
  expiresAt: string | null;
  createdAt: string;
  updatedAt?: string;
  paidAt?: string | null;
  canceledAt?: string | null;
}

export interface DeliveryAttempt {
  number: number;
  at: string;
  url: string | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface TransactionEvent {
  id: string;
  type: string;
  createdAt: string;
  transactionId: string;
  deliveryStatus: string;
  deliveredAt: string | null;
  lastError: string | null;
  /** Every attempt made; `attempts` keeps the first and the latest ones. */
  attemptCount: number;
  attempts: DeliveryAttempt[];
}

export interface EventSummary {
  id: string;
  type: string;
  createdAt: string;
  transactionId: string;
  deliveryStatus: string;
  lastError: string | null;
  attemptCount: number;
  lastAttempt: DeliveryAttempt | null;
}

export interface Product {
  id: string;
  name: string;
  description: string | null;
  externalId: string | null;
  active: boolean;
  imageUrl: string | null;
  deletedAt?: string | null;
  createdAt: string;
}

export interface Offer {
  id: string;
  productId: string;
  name: string;
  amount: number;
  billingCycle: string | null;
  active: boolean;
  createdAt: string;
}

export interface ApiKey {
  id: string;
  name: string | null;
  permissions: string[];
  createdAt: string;
  lastUsedOn: string | null;
  revokedAt: string | null;
}
