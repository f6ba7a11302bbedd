export type Locale = 'pt-BR' | 'en';
export type TemplateName = 'verification_code' | 'mfa_code' | 'email_confirmation';

interface Rendered {
  subject: string;
  text: string;
}

type Params = { code: string; minutes: number };

/** Short, clear texts; the code first, a warning not to share it. */
const TEMPLATES: Record<TemplateName, Record<Locale, (p: Params) => Rendered>> = {
  verification_code: {
    'pt-BR': (p) => ({ subject: 'Seu código Atesta', text: `Seu código Atesta é ${p.code}. Não compartilhe. Válido por ${p.minutes} min.` }),
    en: (p) => ({ subject: 'Your Atesta code', text: `Your Atesta code is ${p.code}. Do not share it. Valid for ${p.minutes} min.` }),
  },
  mfa_code: {
    'pt-BR': (p) => ({ subject: 'Código de verificação Atesta', text: `Seu código de verificação Atesta é ${p.code}. Não compartilhe. Válido por ${p.minutes} min.` }),
    en: (p) => ({ subject: 'Atesta verification code', text: `Your Atesta verification code is ${p.code}. Do not share it. Valid for ${p.minutes} min.` }),
  },
  email_confirmation: {
    'pt-BR': (p) => ({ subject: 'Confirme seu e-mail', text: `Para confirmar seu e-mail, use o código ${p.code}. Válido por ${p.minutes} min. Se não foi você, ignore esta mensagem.` }),
    en: (p) => ({ subject: 'Confirm your e-mail', text: `To confirm your e-mail, use the code ${p.code}. Valid for ${p.minutes} min. If this was not you, ignore this message.` }),
  },
};

export function render(template: TemplateName, locale: Locale, params: Params): Rendered {
  return TEMPLATES[template][locale](params);
}
