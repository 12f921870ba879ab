// The container's health: 0 when the shop's /api/ready answers 200 within 4 s, 1 otherwise.
// Plain Node (the image has no curl), run by the Dockerfile's HEALTHCHECK and compose.yaml.
const port = process.env.PORT || '3000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
