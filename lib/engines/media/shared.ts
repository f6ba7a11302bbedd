// The capture-quality measures and limits the browser's live guide shares with the server.
export * from './capture-quality';
