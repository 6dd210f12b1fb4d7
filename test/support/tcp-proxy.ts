/** A loopback TCP proxy a test can cut and restore, to simulate a store dropping while the service runs. */
import type { Socket, TCPSocketListener } from "bun";
import { freePort } from "./process";

export async function tcpProxy(targetHost: string, targetPort: number) {
  const port = await freePort();
  const sockets = new Set<Socket<{ peer?: Socket<unknown>; pending: Uint8Array[] }>>();
  let listener: TCPSocketListener<unknown> | null = null;
  const listen = () => {
    listener = Bun.listen<{ peer?: Socket<unknown>; pending: Uint8Array[] }>({
      hostname: "127.0.0.1",
      port,
      socket: {
        async open(client) {
          client.data = { pending: [] };
          sockets.add(client);
          try {
            const upstream = await Bun.connect<{ client: typeof client }>({
              hostname: targetHost,
              port: targetPort,
              socket: {
                data(_s, chunk) {
                  client.write(chunk);
                },
                close() {
                  client.end();
                },
                error() {
                  client.end();
                },
              },
            });
            client.data.peer = upstream as unknown as Socket<unknown>;
            for (const c of client.data.pending) upstream.write(c);
            client.data.pending = [];
          } catch {
            client.end();
          }
        },
        data(client, chunk) {
          if (client.data.peer) client.data.peer.write(chunk);
          else client.data.pending.push(new Uint8Array(chunk));
        },
        close(client) {
          client.data.peer?.end();
          sockets.delete(client);
        },
        error(client) {
          client.data.peer?.end();
          sockets.delete(client);
        },
      },
    }) as unknown as TCPSocketListener<unknown>;
  };
  listen();
  return {
    port,
    /** Refuses new connections and cuts every open one. */
    drop() {
      listener?.stop(true);
      listener = null;
      for (const s of sockets) {
        s.data.peer?.end();
        s.end();
      }
      sockets.clear();
    },
    restore() {
      if (!listener) listen();
    },
    close() {
      this.drop();
    },
  };
}
