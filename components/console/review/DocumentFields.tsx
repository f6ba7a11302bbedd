'use client';

import { useCallback, useState } from 'react';
import type { FlatField } from './types';
import { useT } from '@/components/console/i18n';

const hasBox = (f: FlatField) => f.bbox.length === 4 && f.bbox[2]! > 0 && f.bbox[3]! > 0;

/**
 * One document picture with the OCR boxes drawn over it (an SVG in the
 * picture's own pixel space, scaled with it) and the fields read on it beside:
 * hovering or focusing a row highlights its box.
 */
export function DocumentFields({ title, image, fields }: { title: string; image: string; fields: FlatField[] }) {
  const [size, setSize] = useState<{ w: number; h: number }>();
  const t = useT();
  const [active, setActive] = useState<string>();
  const measure = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth) setSize({ w: img.naturalWidth, h: img.naturalHeight });
  }, []);
  const boxed = fields.filter(hasBox);
  const isImage = image.startsWith('data:image/');
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`doc-${title}`}>
      <h3 id={`doc-${title}`} className="mb-3 font-semibold text-slate-800">
        {title}
      </h3>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="relative self-start">
          {isImage ? (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL from an authenticated API answer, not a cacheable asset */}
              <img
                ref={measure}
                src={image}
                alt={t('{side}, with {n} fields outlined', { side: title, n: boxed.length })}
                className="block h-auto w-full rounded border border-slate-200"
                onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
              />
              {size && (
                <svg className="pointer-events-none absolute inset-0 h-full w-full" viewBox={`0 0 ${size.w} ${size.h}`} preserveAspectRatio="none" aria-hidden="true" data-testid="ocr-overlay">
                  {boxed.map((f) => {
                    const [x, y, w, h] = f.bbox as [number, number, number, number];
                    const on = f.id === active;
                    return (
                      <rect
                        key={f.id}
                        x={x}
                        y={y}
                        width={w}
                        height={h}
                        fill={on ? 'rgba(234,179,8,0.35)' : 'rgba(13,148,136,0.08)'}
                        stroke={on ? '#a16207' : '#0f766e'}
                        strokeWidth={on ? 3 : 1.5}
                        vectorEffect="non-scaling-stroke"
                        data-testid="ocr-box"
                        data-field={f.id}
                        data-active={on ? 'true' : undefined}
                      />
                    );
                  })}
                </svg>
              )}
            </>
          ) : (
            <p className="rounded border border-slate-200 p-4 text-sm text-slate-600">{t('A PDF: its first page was read; it is not previewed here.')}</p>
          )}
        </div>
        <div className="overflow-x-auto">
          {fields.length === 0 ? (
            <p className="text-sm text-slate-600">{t('No field was read on this picture.')}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('Fields read on the {side}: value and confidence', { side: title.toLowerCase() })}</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="pr-2 font-medium">{t('Field')}</th>
                  <th scope="col" className="pr-2 font-medium">{t('Value')}</th>
                  <th scope="col" className="text-right font-medium">{t('Confidence')}</th>
                </tr>
              </thead>
              <tbody onMouseLeave={() => setActive(undefined)}>
                {fields.map((f) => (
                  <tr
                    key={f.id}
                    tabIndex={hasBox(f) ? 0 : undefined}
                    onMouseEnter={() => setActive(f.id)}
                    onFocus={() => setActive(f.id)}
                    onBlur={() => setActive(undefined)}
                    className={`border-t border-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 ${f.id === active ? 'bg-amber-50' : ''}`}
                    data-testid="ocr-row"
                    data-field={f.id}
                  >
                    <th scope="row" className="py-1 pr-2 align-top font-mono text-xs font-normal text-slate-700">
                      {f.label}
                    </th>
                    <td className="py-1 pr-2 align-top break-all">
                      {f.value}
                      {f.valid !== undefined && <span className={`ml-1 text-xs ${f.valid ? 'text-teal-800' : 'text-red-700'}`}>({f.valid ? 'checked' : 'check failed'})</span>}
                    </td>
                    <td className={`py-1 text-right align-top tabular-nums ${f.conf < 60 ? 'font-semibold text-red-700' : ''}`}>{Math.round(f.conf)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
