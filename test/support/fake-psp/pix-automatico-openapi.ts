// The decisions the Pix Automático part of the 2.9.0 API Pix document needs before it can check
// traffic (`/locrec`, `/rec`, `/solicrec`, `/cobr`, their webhooks); pix-openapi.ts applies them
// with the rest, and docs/decisions.md repeats them.
type Json = Record<string, any>;

export const PIX_AUTOMATICO_QUIRK_DECISIONS = [
  'GET /rec/{idRec} also matches /rec/{recUrlAccessToken} (the payload a bank app reads at the location, served on another host) → the payload paths (/{pixUrlAccessToken}, /cobv/{pixUrlAccessToken}, /rec/{recUrlAccessToken}) are left out of the API checked',
  'RecBase requires "idRec" (made by the PSP, yet RecSolicitada includes RecBase) and "retentativa" (never defined; the policy is politicaRetentativa, which RecConfiguracao requires) → RecBase requires vinculo and calendario; RecGerada, RecCompleta and RecCompletaPesquisada require idRec',
  'RecNotification.required is written ["idRec","status",atualizacao"] (a stray quote makes the third name atualizacao") → atualizacao',
  "DadosPagadorRec requires ispbParticipante and one of cpf/cnpj on the recurrence itself while they are the pagador's fields → required inside pagador",
  'SolicRecBase requires "pagador" and SolicRecCompleta "rec", both never defined (the examples have neither; the payload is recPayload) → not required',
  'PayloadLocationRecGerada requires "tipo", which it never defines → kept: the fake PSP sends tipo "rec" (PayloadLocationRecSolicitada\'s value)',
  'POST /locrec describes no request body (PayloadLocationRecBody exists but nothing uses it) → the client sends none',
  'encerramento (of rec and of cobr) is a oneOf of {rejeicao} and {cancelamento} without required, so any value matches both branches and fails → each branch requires its property',
  'examples disagree with the schemas (atualizacao items with "nome" for status, tipoJornada inside dadosJornada, cobr recebedor without cnpj/nome, dataLiquidacao "2024-20-08") → the schemas win',
  'PixAutomatico.valor is a string that must also match anyOf object schemas (PixValorOriginal…, the parts Pix puts under componentesValor), which no string can → a string of the pattern, the anyOf dropped',
  'CobRGerada/CobRCompleta.recebedor is both DadosBancariosRecebedor (conta, tipoConta) and PessoaJuridicaRecorrencia (cnpj, nome) → the fake PSP sends all four',
] as const;

/** Applies PIX_AUTOMATICO_QUIRK_DECISIONS to the parsed document. */
export function patchPixAutomatico(document: Json): void {
  for (const path of ['/{pixUrlAccessToken}', '/cobv/{pixUrlAccessToken}', '/rec/{recUrlAccessToken}'])
    delete document.paths[path];
  const schemas = document.components.schemas as Json;
  schemas.RecBase.required = ['vinculo', 'calendario'];
  for (const name of ['RecGerada', 'RecCompleta', 'RecCompletaPesquisada'])
    schemas[name].required = [...new Set([...(schemas[name].required ?? []), 'idRec'])];
  schemas.RecNotification.required = ['idRec', 'status', 'atualizacao'];

  const pagador = schemas.DadosPagadorRec;
  delete pagador.required;
  pagador.properties.pagador.required = ['ispbParticipante'];
  pagador.properties.pagador.oneOf = pagador.oneOf;
  delete pagador.oneOf;

  schemas.SolicRecBase.required = schemas.SolicRecBase.required.filter((name: string) => name !== 'pagador');
  delete schemas.SolicRecCompleta.required;

  delete schemas.PixAutomatico.properties.valor.anyOf;

  const encerramentos = [
    schemas.RecEncerramento.properties.encerramento,
    schemas.CobRAtualizacao.properties.encerramento,
  ];
  for (const encerramento of encerramentos)
    for (const branch of encerramento.oneOf as Json[]) branch.required = Object.keys(branch.properties);
}
