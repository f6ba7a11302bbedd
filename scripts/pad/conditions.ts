/** The capture conditions both PAD simulators produce (same names, independent implementations). */
export const GENUINE_CONDITIONS = ['webcam320', 'webcam480', 'webcam640', 'phone', 'lowlight', 'jpeg', 'tightcrop', 'face80', 'face150', 'face400'] as const;
export const ATTACK_CONDITIONS = ['screen_moire', 'recapture_blur', 'colour_cast', 'print_halftone', 'bezel'] as const;
export type GenuineCondition = (typeof GENUINE_CONDITIONS)[number];
export type AttackCondition = (typeof ATTACK_CONDITIONS)[number];
export type Condition = GenuineCondition | AttackCondition;
export const isAttack = (c: string) => (ATTACK_CONDITIONS as readonly string[]).includes(c);

/** A genuine photo with its face box, as the simulators receive it. */
export interface Shot {
  png: Buffer;
  width: number;
  height: number;
  box: [number, number, number, number];
}
