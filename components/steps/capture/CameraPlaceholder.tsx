/** A still stand-in for the camera view (the console's branding preview opens no camera). */
export function CameraPlaceholder({ shape, caption }: { shape: 'document' | 'face'; caption: string }) {
  return (
    <div className="relative flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-lg bg-slate-800" data-testid="camera-placeholder">
      <div aria-hidden="true" className={shape === 'face' ? 'h-3/4 w-1/2 rounded-[50%] border-4 border-dashed border-white/80' : 'h-2/3 w-5/6 rounded-xl border-4 border-dashed border-white/80'} />
      <p className="absolute bottom-2 left-2 right-2 rounded bg-black/60 px-2 py-1 text-center text-sm text-white">{caption}</p>
    </div>
  );
}
