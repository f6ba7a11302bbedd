import fc from 'fast-check';

/** Text that has broken parsers, databases, logs and pages elsewhere. */
export const UNICODE_TRICKS = [
  'Jo\u202Eoãs\u202C Silva', // right-to-left override
  'Ana\u200D\u200DMaria\u200B', // zero-width joiner and space
  'Z\u0351\u0300\u0301\u0302\u0303\u0304\u0305a\u0306\u0307\u0308\u0309lgo', // stacked combining marks
  'nul\u0000byte',
  '\u0000',
  'lone \uD800 surrogate',
  'lone \uDFFF low',
  'pаypаl', // Cyrillic а homoglyphs
  'ＡＤＭＩＮ', // fullwidth
  'e\u0301', // decomposed é
  '\uFEFFbom',
  '\u2028line\u2029separators',
  '\r\n\t\u000b\u000c',
  '\u001b[31mred\u001b[0m',
  '💩'.repeat(50),
  '\u{10FFFF}\uFFFE\uFFFF',
  'İıſK', // case-folding surprises
];

export const INJECTIONS = [
  "' OR 1=1 --",
  "'; drop table integrators; --",
  '"; drop table onboardings; --',
  "1' UNION SELECT password_hash FROM users --",
  "$1",
  '\\',
  "\\'; select pg_sleep(10); --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '%zz',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '{"$gt":""}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '9'.repeat(400),
];

/** The few strings every text field, query member and path parameter gets in the sweep. */
export const CORE_TRICKS = ['nul\u0000byte', 'lone \uD800 surrogate', "' OR 1=1 --", '<script>alert(1)</script>', 'Jo\u202Eoãs\u200D\u0301', 'x'.repeat(5_000)];

/** A short hostile string: a listed trick, or random text mixed with one. */
export const hostileShortString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...CORE_TRICKS),
  fc.constantFrom(...UNICODE_TRICKS),
  fc.constantFrom(...INJECTIONS),
  fc.tuple(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom(...UNICODE_TRICKS, ...INJECTIONS)).map(([a, b]) => a + b),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
);

/** Overlong: past every field limit, still under the default body limit. */
export const overlongString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '\u0000', '💩', '<'), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([c, n]) => c.repeat(n));

/** 1 to 5 MB: past the default body limit (1 MB), under the media one. */
export const hugeString: fc.Arbitrary<string> = fc.integer({ min: 1, max: 5 }).map((mb) => 'A'.repeat(mb * 1024 * 1024));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: hostileShortString },
  { weight: 2, arbitrary: overlongString },
  { weight: 1, arbitrary: hugeString },
);

/** Header values must be ByteStrings (no NUL, CR, LF, nothing above U+00FF), or the client refuses them before we see them. */
export const headerSafe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
