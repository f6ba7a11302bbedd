import { describe, expect, it } from 'vitest';
import { pageLanguage } from '.';

describe('<html lang> of a request', () => {
  it('is the step page language on /p/ (?lang, then Accept-Language), the console chosen language, English for the portal, else pt-BR', () => {
    expect(pageLanguage('/p/abc?lang=en', 'pt-BR')).toBe('en');
    expect(pageLanguage('/p/abc', 'en-US,en;q=0.9')).toBe('en');
    expect(pageLanguage('/p/abc', 'pt-BR')).toBe('pt-BR');
    expect(pageLanguage('/docs/guides/webhooks', 'pt-BR')).toBe('en');
    expect(pageLanguage('/console/steps?status=X', null)).toBe('pt-BR');
    expect(pageLanguage('/console/steps', null, 'a=1; atesta_console_lang=en')).toBe('en');
    expect(pageLanguage('/', null)).toBe('en');
    expect(pageLanguage('/documents', null)).toBe('pt-BR');
  });
});
