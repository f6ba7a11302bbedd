import type { AuthKind } from './TryIt';

/** curl and Node samples of one operation, from its example body. */
export function snippets(input: { method: string; url: string; auth: AuthKind; contentType?: string; example?: unknown }): { curl: string; node: string } {
  const method = input.method.toUpperCase();
  const authHeader = input.auth === 'apiKey' ? ['x-api-key', '$ATESTA_API_KEY'] : input.auth === 'none' ? undefined : ['authorization', 'Bearer $TOKEN'];
  const json = input.contentType === 'application/json' && input.example !== undefined;
  const multipart = input.contentType === 'multipart/form-data' && input.example && typeof input.example === 'object';
  const curl = [
    `curl -s -X ${method} '${input.url}'`,
    ...(authHeader ? [`  -H "${authHeader[0]}: ${authHeader[1]}"`] : []),
    ...(json ? [`  -H 'content-type: application/json'`, `  -d '${JSON.stringify(input.example)}'`] : []),
    ...(multipart ? Object.keys(input.example as object).map((k) => (/image|file/i.test(k) ? `  -F '${k}=@${k}.jpg'` : `  -F '${k}=${(input.example as Record<string, unknown>)[k]}'`)) : []),
  ].join(' \\\n');
  const headers = [
    ...(authHeader ? [`'${authHeader[0]}': ${input.auth === 'apiKey' ? 'process.env.ATESTA_API_KEY' : '`Bearer ${token}`'}`] : []),
    ...(json ? [`'content-type': 'application/json'`] : []),
  ];
  const node = [
    `const res = await fetch('${input.url}', {`,
    `  method: '${method}',`,
    ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
    ...(json ? [`  body: JSON.stringify(${JSON.stringify(input.example, null, 2).replace(/\n/g, '\n  ')}),`] : []),
    ...(multipart ? ['  body: form, // a FormData with the fields above'] : []),
    '});',
    'const body = await res.json(); // problem+json with a stable `code` when !res.ok',
  ].join('\n');
  return { curl, node };
}
