export type Locale = 'pt-BR' | 'en';
export type TemplateName = 'verification_code' | 'mfa_code' | 'email_confirmation';

interface Rendered {
  subject: string;
  text: string;
}

type Params = { code: string; minutes: number; sender?: string };

/** Short, clear texts; the code first, a warning not to share it. */
const TEMPLATES: Record<TemplateName, Record<Locale, (p: Params) => Rendered>> = {
  verification_code: {
    'pt-BR': (p) => ({ subject: `Seu código ${p.sender}`, text: `Seu código ${p.sender} é ${p.code}. Não compartilhe. Válido por ${p.minutes} min.` }),
    en: (p) => ({ subject: `Your ${p.sender} code`, text: `Your ${p.sender} code is ${p.code}. Do not share it. Valid for ${p.minutes} min.` }),
  },
  mfa_code: {
    'pt-BR': (p) => ({ subject: `Código de verificação ${p.sender}`, text: `Seu código de verificação ${p.sender} é ${p.code}. Não compartilhe. Válido por ${p.minutes} min.` }),
    en: (p) => ({ subject: `${p.sender} verification code`, text: `Your ${p.sender} verification code is ${p.code}. Do not share it. Valid for ${p.minutes} min.` }),
  },
  email_confirmation: {
    'pt-BR': (p) => ({ subject: 'Confirme seu e-mail', text: `Para confirmar seu e-mail, use o código ${p.code}. Válido por ${p.minutes} min. Se não foi você, ignore esta mensagem.` }),
    en: (p) => ({ subject: 'Confirm your e-mail', text: `To confirm your e-mail, use the code ${p.code}. Valid for ${p.minutes} min. If this was not you, ignore this message.` }),
  },
};

export function render(template: TemplateName, locale: Locale, params: Params): Rendered {
  return TEMPLATES[template][locale]({ ...params, sender: params.sender?.trim() || 'Atesta' });
}
