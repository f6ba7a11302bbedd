'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { messages, type Locale } from '@/lib/platform/i18n';
import { beginFlow } from './api';
import { Button } from './Button';
import { useHydrated } from './use-hydrated';

/** MFA with both a phone and an e-mail: the person picks where the code goes. */
export function ChooseChannelStep({ requestId, locale, channels }: { requestId: string; locale: Locale; channels: { channel: 'sms' | 'email'; destination: string }[] }) {
  const t = messages[locale];
  const router = useRouter();
  const [channel, setChannel] = useState(channels[0]?.channel ?? 'sms');
  const hydrated = useHydrated();
  const send = useMutation({ mutationFn: () => beginFlow(requestId, { consent: false, channel, lang: locale }), onSuccess: () => router.refresh() });
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <fieldset className="mb-4">
          <legend className="mb-3 text-2xl font-bold text-slate-900">{t.choose.title}</legend>
          {channels.map((c) => (
            <label key={c.channel} className="mb-2 flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-[var(--brand)]">
              <input
                type="radio"
                name="channel"
                value={c.channel}
                checked={channel === c.channel}
                onChange={() => setChannel(c.channel)}
                className="h-5 w-5 accent-[var(--brand)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--brand)]"
              />
              <span className="text-slate-900">
                {c.channel === 'sms' ? t.choose.sms : t.choose.email} <span className="font-mono whitespace-nowrap">{c.destination}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p role="alert" className="mb-2 min-h-[1.5rem] text-sm font-medium text-rose-700">
          {send.isError ? t.code.error : ''}
        </p>
        <Button type="submit" disabled={!hydrated || send.isPending}>
          {t.choose.send}
        </Button>
      </form>
    </section>
  );
}
