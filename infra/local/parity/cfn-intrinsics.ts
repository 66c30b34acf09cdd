// Evaluates the CloudFormation intrinsics a synthesized resource carries (Ref, Fn::GetAtt,
// Fn::Join, Fn::Sub, Fn::Select, Fn::Split) against the local stack's physical values, so an
// environment variable or a policy ARN reads locally what CloudFormation would give it on AWS.

/** What a logical id resolves to: `Ref` and each attribute `Fn::GetAtt` may ask for. */
export type PhysicalValues = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const localAccountId = '000000000000';
export const localRegion = 'us-east-1';

const pseudoParameters: Readonly<Record<string, string>> = {
  'AWS::AccountId': localAccountId,
  'AWS::Region': localRegion,
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'CatalogCashin-local',
};

/** A reference to something the local stack does not run (a log group, the API itself…). */
export class UnresolvedReference extends Error {
  readonly reference: string;
  constructor(reference: string) {
    super(`no local value for ${reference}`);
    this.reference = reference;
  }
}

/**
 * For policies: a resource the local stack does not run (a log group…) becomes an ARN no request
 * ever names, so its statement simply never applies.
 */
export const notRunLocally = (reference: string) => `arn:aws:local:::not-run-locally/${reference}`;

export interface ResolveOptions {
  /** Returned instead of throwing for references the local stack has no value for. */
  readonly unresolved?: (reference: string) => string;
}

export function resolveIntrinsics(
  value: unknown,
  physical: PhysicalValues,
  options: ResolveOptions = {},
): unknown {
  const lookup = (logicalId: string, attribute: string): string => {
    const pseudo = attribute === 'Ref' ? pseudoParameters[logicalId] : undefined;
    if (pseudo !== undefined) return pseudo;
    const found = physical[logicalId]?.[attribute];
    if (found !== undefined) return found;
    const reference = attribute === 'Ref' ? `Ref ${logicalId}` : `${logicalId}.${attribute}`;
    if (options.unresolved) return options.unresolved(reference);
    throw new UnresolvedReference(reference);
  };
  const text = (inner: unknown): string => {
    const resolved = walk(inner);
    if (typeof resolved !== 'string') throw new Error(`expected a string, got ${JSON.stringify(resolved)}`);
    return resolved;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node);
    if (entries.length === 1) {
      const [name, argument] = entries[0]!;
      switch (name) {
        case 'Ref':
          return lookup(String(argument), 'Ref');
        case 'Fn::GetAtt': {
          const [logicalId, attribute] = Array.isArray(argument)
            ? (argument as string[])
            : String(argument).split(/\.(.*)/s);
          return lookup(String(logicalId), String(attribute));
        }
        case 'Fn::Join': {
          const [separator, parts] = argument as [string, unknown[]];
          const list = walk(parts);
          return (list as unknown[]).map((part) => text(part)).join(separator);
        }
        case 'Fn::Select': {
          const [index, list] = argument as [unknown, unknown];
          return (walk(list) as unknown[])[Number(walk(index))];
        }
        case 'Fn::Split': {
          const [separator, source] = argument as [string, unknown];
          return text(source).split(separator);
        }
        case 'Fn::Sub': {
          const [template, variables] = Array.isArray(argument)
            ? (argument as [string, Record<string, unknown>])
            : [String(argument), {}];
          return template.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
            if (name in variables) return text(variables[name]);
            const [logicalId, attribute] = name.split(/\.(.*)/s);
            return lookup(logicalId!, attribute ?? 'Ref');
          });
        }
      }
    }
    return Object.fromEntries(entries.map(([key, inner]) => [key, walk(inner)]));
  };
  return walk(value);
}
