export { qrPng } from '../../lib/engines/qr';
