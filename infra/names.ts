/** `createProduct`, `sweep-instructions` → `CreateProduct`, `SweepInstructions` (construct ids). */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_:\s]+)([a-z0-9])/gi, (_match, _separator, char: string) => char.toUpperCase());
}

/** The stack output that carries a route's function URL (`receivePixNotification` → `ReceivePixNotificationUrl`). */
export function functionUrlOutputName(routeName: string): string {
  return `${pascalCase(routeName)}Url`;
}
