'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { messages, type Locale } from '@/lib/platform/i18n';
import { FlowError, resendFlow, verifyFlow } from './api';
import { Button } from './Button';
import { useCodeStore } from './code-store';
import { useHydrated } from './use-hydrated';

function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One-time-code entry: one numeric field that takes the whole code (typed,
 * pasted or filled by the phone's SMS autofill), clear errors read out by
 * screen readers, remaining attempts and a resend button with its cooldown.
 */
export function CodeStep(props: { requestId: string; locale: Locale; destination: string; attemptsLeft: number; retryAfter: number; resendsLeft: number; otherChannels?: { channel: 'sms' | 'email'; destination: string }[] }) {
  const { requestId, locale, destination } = props;
  const t = messages[locale];
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();
  const noticeId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { code, attemptsLeft, resendAt, resendsLeft, notice, setCode, init, wrong, resent, notify } = useCodeStore();
  useEffect(() => init({ attemptsLeft: props.attemptsLeft, retryAfter: props.retryAfter, resendsLeft: props.resendsLeft }), [init, props.attemptsLeft, props.retryAfter, props.resendsLeft]);
  const wait = useSecondsUntil(resendAt);
  const hydrated = useHydrated();

  const verify = useMutation({
    mutationFn: (value: string) => verifyFlow(requestId, value),
    onSuccess: (r) => {
      if (r.outcome === 'wrong') {
        wrong(r.attemptsLeft, t.code.wrong(r.attemptsLeft));
        inputRef.current?.focus();
      } else if (r.outcome === 'code_expired') {
        notify({ kind: 'error', text: t.code.expired });
      } else router.refresh();
    },
    onError: (err) => (err instanceof FlowError && err.status === 409 ? router.refresh() : notify({ kind: 'error', text: t.code.error })),
  });
  const switchChannel = useMutation({
    mutationFn: (channel: 'sms' | 'email') => resendFlow(requestId, locale, channel),
    onSuccess: () => router.refresh(), // the page now names the new destination
    onError: (err) => notify({ kind: 'error', text: err instanceof FlowError && err.code === 'resend_limit' ? t.code.noResends : t.code.error }),
  });
  const resend = useMutation({
    mutationFn: () => resendFlow(requestId, locale),
    onSuccess: (r) => {
      resent(r.retryAfter, r.resendsLeft, t.code.resent);
      inputRef.current?.focus();
    },
    onError: (err) => notify({ kind: 'error', text: err instanceof FlowError && err.code === 'resend_limit' ? t.code.noResends : t.code.error }),
  });

  const submit = (value: string) => {
    if (!/^\d{6}$/.test(value)) return notify({ kind: 'error', text: t.code.invalidFormat });
    verify.mutate(value);
  };

  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{t.code.title}</h1>
      <p id={hintId} className="mb-4 text-slate-800">
        {t.code.sentTo} <span className="font-mono font-semibold whitespace-nowrap">{destination}</span>
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(code);
        }}
      >
        <label htmlFor={inputId} className="mb-1 block font-medium text-slate-900">
          {t.code.label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          readOnly={!hydrated}
          value={code}
          aria-describedby={`${hintId} ${noticeId}`}
          aria-invalid={notice?.kind === 'error' || undefined}
          onChange={(e) => {
            setCode(e.target.value);
            const digits = e.target.value.replace(/\D/g, '');
            // A pasted or autofilled whole code is submitted at once.
            if (digits.length === 6 && e.nativeEvent instanceof InputEvent && e.nativeEvent.inputType !== 'insertText') submit(digits.slice(0, 6));
          }}
          className="mb-2 w-full rounded-lg border-2 border-slate-400 px-4 py-3 text-center font-mono text-3xl tracking-[0.5em] text-slate-900 focus-visible:border-[var(--brand)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]"
        />
        <p className="mb-1 text-sm text-slate-700">{t.code.attemptsLeft(attemptsLeft)}</p>
        <p id={noticeId} role={notice?.kind === 'error' ? 'alert' : 'status'} className={`mb-3 min-h-[1.5rem] text-sm font-medium ${notice?.kind === 'error' ? 'text-rose-700' : 'text-emerald-800'}`}>
          {notice?.text ?? ''}
        </p>
        <Button type="submit" disabled={!hydrated || verify.isPending}>
          {t.code.submit}
        </Button>
      </form>
      <button
        type="button"
        onClick={() => resend.mutate()}
        disabled={wait > 0 || resendsLeft <= 0 || resend.isPending}
        className="mt-4 w-full rounded-lg px-4 py-2 text-slate-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)] disabled:no-underline disabled:opacity-70"
      >
        {resendsLeft <= 0 ? t.code.noResends : wait > 0 ? t.code.resendIn(wait) : t.code.resend}
      </button>
      {(props.otherChannels ?? []).map((c) => (
        <button
          key={c.channel}
          type="button"
          onClick={() => switchChannel.mutate(c.channel)}
          disabled={wait > 0 || resendsLeft <= 0 || switchChannel.isPending}
          className="mt-2 w-full rounded-lg px-4 py-2 text-slate-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)] disabled:no-underline disabled:opacity-70"
        >
          {t.code.switchTo(c.channel)} <span className="font-mono whitespace-nowrap">{c.destination}</span>
        </button>
      ))}
    </section>
  );
}
