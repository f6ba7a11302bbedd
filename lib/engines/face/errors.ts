import { unprocessable } from '../../platform/errors';

/** What a person can do about an unusable face picture, in the two languages the product speaks. */
export interface FaceFix {
  pt: string;
  en: string;
}

const NO_FACE_FIX: FaceFix = {
  pt: 'Tire uma nova selfie: rosto inteiro dentro da foto, de frente para a câmera, sem óculos escuros ou boné, em um lugar iluminado.',
  en: 'Take a new selfie: the whole face in the picture, facing the camera, no sunglasses or cap, in good light.',
};

/** 422 `no_face_detected` for a request field, with the fix (`extensions.fix`) that onboarding and the hosted pages pass on. */
export function noFaceError(field: string, pointer = `/${field}`) {
  return unprocessable('no_face_detected', `No face was found in ${field}.`, {
    errors: [{ pointer, message: 'no face detected' }],
    extensions: { fix: NO_FACE_FIX },
  });
}
