'use client';

import dynamic from 'next/dynamic';

// Each stage's code loads only on the stage that shows it (the first page stays light, SPEC issue 8 point 12);
// the server still renders them, so nothing flickers.
export const LazyCodeStep = dynamic(() => import('./CodeStep').then((m) => m.CodeStep));
export const LazyChooseChannelStep = dynamic(() => import('./ChooseChannelStep').then((m) => m.ChooseChannelStep));
export const LazyDocumentStep = dynamic(() => import('./capture/DocumentStep').then((m) => m.DocumentStep));
export const LazySelfieStep = dynamic(() => import('./capture/SelfieStep').then((m) => m.SelfieStep));
