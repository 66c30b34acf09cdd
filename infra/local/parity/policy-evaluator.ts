// Decides an authorization the way IAM does, with a maintained IAM policy simulator
// (@cloud-copilot/iam-simulate) over the function's synthesized statements. Decisions are cached
// per function, action, resource and the shape of the partition keys a request names (see
// keyShape), so a busy test pays the simulator once per kind of request, not per item.
import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import type { Authorization } from './authorization-requests.ts';
import { localAccountId } from './cfn-intrinsics.ts';
import type { PolicyDocument } from './function-manifest.ts';

type SimulatedPolicy = Simulation['identityPolicies'][number]['policy'];

export interface Principal {
  /** The function's role, as its identity. */
  readonly roleName: string;
  readonly policy: PolicyDocument;
}

export interface Decision {
  readonly allowed: boolean;
  /** `Allowed`, `ImplicitlyDenied`, `ExplicitlyDenied`, or the simulator's validation error. */
  readonly result: string;
}

/**
 * A partition key with its identifiers blanked: `ACC#acc_1#TX#123` → `ACC#*#TX#*`. Segments of
 * capitals only are the layout's markers (shared/store/keys.ts) and are kept. Every decision
 * depends only on the markers when every LeadingKeys pattern of the policy is made of markers,
 * `#` and `*` (see cacheableByShape); otherwise the exact keys are the cache key.
 */
export function keyShape(key: string): string {
  return key
    .split('#')
    .map((segment) => (/^[A-Z]+$/.test(segment) ? segment : '*'))
    .join('#');
}

function leadingKeyPatterns(policy: PolicyDocument): string[] {
  const patterns: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'dynamodb:LeadingKeys')
          patterns.push(...(Array.isArray(value) ? value : [value]).map(String));
        else visit(value);
      }
  };
  visit(policy.Statement.map((statement) => statement.Condition));
  return patterns;
}

export function cacheableByShape(policy: PolicyDocument): boolean {
  return leadingKeyPatterns(policy).every((pattern) => /^[A-Z#*]+$/.test(pattern));
}

export class PolicyEvaluator {
  private readonly cache = new Map<string, Promise<Decision>>();
  private readonly byShape: boolean;
  private readonly principal: Principal;
  private readonly resourcePolicyOf: (resource: string) => PolicyDocument | undefined;
  /** Simulator runs so far (each cache miss is one). */
  simulations = 0;
  decisions = 0;
  /** Time spent in the simulator, in ms. */
  simulatedMs = 0;

  constructor(
    principal: Principal,
    resourcePolicyOf: (resource: string) => PolicyDocument | undefined = () => undefined,
  ) {
    this.principal = principal;
    this.resourcePolicyOf = resourcePolicyOf;
    this.byShape = cacheableByShape(principal.policy);
  }

  decide(authorization: Authorization): Promise<Decision> {
    this.decisions += 1;
    const keys = authorization.context['dynamodb:LeadingKeys'];
    const keyPart =
      keys === undefined
        ? ''
        : [...new Set([...keys].map(this.byShape ? keyShape : String))].sort().join('|');
    const otherContext = Object.entries(authorization.context)
      .filter(([name]) => name !== 'dynamodb:LeadingKeys')
      .map(([name, value]) => `${name}=${[value].flat().sort().join(',')}`)
      .sort()
      .join(';');
    const cacheKey = `${authorization.action} ${authorization.resource} ${keyPart} ${otherContext}`;
    let decision = this.cache.get(cacheKey);
    if (!decision) {
      decision = this.simulate(authorization);
      this.cache.set(cacheKey, decision);
    }
    return decision;
  }

  private async simulate(authorization: Authorization): Promise<Decision> {
    this.simulations += 1;
    const resourcePolicy = this.resourcePolicyOf(authorization.resource);
    const simulation: Simulation = {
      identityPolicies: [{ name: this.principal.roleName, policy: this.principal.policy as SimulatedPolicy }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy ? { resourcePolicy: resourcePolicy as SimulatedPolicy } : {}),
      request: {
        action: authorization.action,
        principal: `arn:aws:iam::${localAccountId}:role/${this.principal.roleName}`,
        resource: { accountId: localAccountId, resource: authorization.resource },
        contextVariables: { ...authorization.context } as Record<string, string | string[]>,
      },
    };
    const started = performance.now();
    const response = await runSimulation(simulation, {});
    this.simulatedMs += performance.now() - started;
    if (response.resultType === 'error')
      return { allowed: false, result: `invalid request: ${JSON.stringify(response.errors)}` };
    return { allowed: response.overallResult === 'Allowed', result: response.overallResult };
  }
}
