import type { PseBank } from './view-models.ts';

// Banks offered in the PSE bank list when the rail does not send its own. Codes are the
// four-digit financial-entity codes PSE (ACH Colombia) lists banks under; the sandbox only
// echoes the chosen code back. A real PSE integration must load the live list from the
// provider (banks join and leave), which is why the view model can carry its own.
export const DEFAULT_PSE_BANKS: readonly PseBank[] = Object.freeze([
  { code: '1059', name: 'Bancamía' },
  { code: '1040', name: 'Banco Agrario' },
  { code: '1052', name: 'Banco AV Villas' },
  { code: '1032', name: 'Banco Caja Social' },
  { code: '1066', name: 'Banco Cooperativo Coopcentral' },
  { code: '1001', name: 'Banco de Bogotá' },
  { code: '1023', name: 'Banco de Occidente' },
  { code: '1062', name: 'Banco Falabella' },
  { code: '1063', name: 'Banco Finandina' },
  { code: '1012', name: 'Banco GNB Sudameris' },
  { code: '1006', name: 'Banco Itaú' },
  { code: '1060', name: 'Banco Pichincha' },
  { code: '1002', name: 'Banco Popular' },
  { code: '1065', name: 'Banco Santander de Negocios Colombia' },
  { code: '1069', name: 'Banco Serfinanza' },
  { code: '1007', name: 'Bancolombia' },
  { code: '1061', name: 'Bancoomeva' },
  { code: '1013', name: 'BBVA Colombia' },
  { code: '1051', name: 'Davivienda' },
  { code: '1551', name: 'Daviplata' },
  { code: '1070', name: 'Lulo Bank' },
  { code: '1507', name: 'Nequi' },
  { code: '1019', name: 'Scotiabank Colpatria' },
]);
