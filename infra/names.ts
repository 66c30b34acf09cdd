/** `createProduct`, `sweep-instructions` → `CreateProduct`, `SweepInstructions` (construct ids). */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_:\s]+)([a-z0-9])/gi, (_match, _separator, char: string) => char.toUpperCase());
}
