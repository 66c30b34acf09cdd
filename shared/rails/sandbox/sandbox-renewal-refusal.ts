// A sandbox control: the sandbox rail refuses the charge of every cycle after the first of a
// subscription whose customer has this exact name, the way a rail can refuse a charge for good
// (so a test can see a cycle's charge fail, be retried and be given up, over HTTP).

export const sandboxRefusedRenewalsName = 'sandbox: refuse renewals';

/** Whether the sandbox rail refuses the charge of `cycle` for a customer named `customerName`. */
export const sandboxRefusesCycleCharge = (customerName: string, cycle: number): boolean =>
  customerName === sandboxRefusedRenewalsName && cycle > 1;
