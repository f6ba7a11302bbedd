// No server imports: the console's browser code masks CPFs in lists with it too.

/** `123.456.789-09` -> `***.456.789-**`: enough to correlate, not enough to identify. */
export function maskCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, '');
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***';
}

/** `52998224725` -> `529.982.247-25`. */
export function formatCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, '');
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : cpf;
}
