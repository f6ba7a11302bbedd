export { CONSOLE_LOCALE_COOKIE, LOCALES, consoleLocaleOf, pageLanguage, pickLocale, type Locale } from './locale';
export { messages, type Messages } from './messages';
