'use client';

import { useEffect, useState } from 'react';

/** A touch device (phone, tablet): it does not offer to continue "on the phone", it is one. */
export function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(false);
  useEffect(() => setCoarse(window.matchMedia('(pointer: coarse)').matches), []);
  return coarse;
}
