export { qrPng } from '../../lib/qr';
