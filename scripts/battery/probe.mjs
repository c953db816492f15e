// Preloaded into the server the battery starts (node --import): answers the
// battery's questions over the IPC channel, so the server's own code carries
// no test hooks. 'probe' answers its active handles and timers and its memory.
process.on('message', (message) => {
  if (message !== 'probe') return;
  const resources = {};
  for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
  process.send?.({ resources, memory: process.memoryUsage() });
});
