// A fake provider's HTTP server on 127.0.0.1 at a free port, closed with its open sockets.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function serveOnLoopback(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
