import { useCallback, useEffect, useRef, useState } from "react";
import type { BatchProgress, ImageCategory, ImagePlatform } from "../../../schema/api/images";
import { ApiError } from "~/lib/api";
import { getToken } from "~/lib/auth";
import { safeLocalStorage } from "~/lib/storage-keys";
import { batchSocketUrl, createBatch, fetchBatch, forgetProtectedImages } from "~/lib/api/images";

/** The running (or last) server-side batch, so a user who comes back finds its results. */
const BATCH_STORAGE_KEY = "listora.imageEditor.batch";

/** How often progress is read when the WebSocket is not available. */
const POLL_MS = 1500;

type Connection = "idle" | "live" | "polling";

interface Stored {
  id: string;
  /** The user has seen this batch finish (so coming back does not announce it again). */
  seen: boolean;
}

function readStored(): Stored | null {
  try {
    const raw = safeLocalStorage()?.getItem(BATCH_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Stored) : null;
    return value && typeof value.id === "string" ? value : null;
  } catch {
    return null;
  }
}

function writeStored(value: Stored | null) {
  const storage = safeLocalStorage();
  if (!value) storage?.removeItem(BATCH_STORAGE_KEY);
  else storage?.setItem(BATCH_STORAGE_KEY, JSON.stringify(value));
}

/**
 * A batch run by the server's BatchJob: started here, followed over the WebSocket (polling when the
 * socket cannot open or drops), and remembered in localStorage so leaving and coming back shows it.
 * `onFinished(batch, watched)` fires once per batch: watched is false when it finished while away.
 */
export function useBatchJob(onFinished: (batch: BatchProgress, watched: boolean) => void) {
  const [batch, setBatch] = useState<BatchProgress | null>(null);
  const [connection, setConnection] = useState<Connection>("idle");
  const [resuming, setResuming] = useState(true);
  const socket = useRef<WebSocket | null>(null);
  const poller = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = useRef<string | null>(null);
  const announced = useRef<Set<string>>(new Set());
  const finishedRef = useRef(onFinished);
  // Kept after each render, before the effects below run (effects run in the order they are declared).
  useEffect(() => {
    finishedRef.current = onFinished;
  });

  const stop = useCallback(() => {
    if (poller.current) clearTimeout(poller.current);
    poller.current = null;
    const ws = socket.current;
    socket.current = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, "Leaving");
    setConnection("idle");
  }, []);

  const accept = useCallback((next: BatchProgress, watched: boolean) => {
    if (next.id !== current.current) return;
    setBatch(next);
    if (next.status === "completed") {
      if (!announced.current.has(next.id)) {
        announced.current.add(next.id);
        const stored = readStored();
        const alreadySeen = stored?.id === next.id && stored.seen;
        writeStored({ id: next.id, seen: true });
        if (!alreadySeen) finishedRef.current(next, watched);
      }
    }
  }, []);

  const poll = useCallback(
    (id: string) => {
      setConnection("polling");
      const tick = async () => {
        if (current.current !== id) return;
        try {
          const next = await fetchBatch(id);
          accept(next, true);
          if (next.status === "completed") return setConnection("idle");
        } catch (error) {
          if (error instanceof ApiError && (error.code === "not-found" || error.code === "unauthorized")) {
            writeStored(null);
            return setConnection("idle");
          }
        }
        if (current.current === id) poller.current = setTimeout(tick, POLL_MS);
      };
      poller.current = setTimeout(tick, POLL_MS);
    },
    [accept],
  );

  const openSocket = useCallback(
    (id: string, url: string) => {
      let finished = false;
      let ws: WebSocket;
      try {
        ws = new WebSocket(url);
      } catch {
        return poll(id);
      }
      socket.current = ws;
      ws.onopen = () => setConnection("live");
      ws.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { type?: string; data?: BatchProgress };
          if (message.type === "progress" && message.data) {
            accept(message.data, true);
            if (message.data.status === "completed") finished = true;
          }
        } catch {
          // A message we do not understand changes nothing.
        }
      };
      ws.onclose = () => {
        if (socket.current !== ws) return;
        socket.current = null;
        // Closed before the end (network, server restart): keep following by polling.
        if (!finished && current.current === id) poll(id);
        else setConnection("idle");
      };
    },
    [accept, poll],
  );

  const watch = useCallback(
    (id: string) => {
      if (!getToken() || typeof WebSocket === "undefined") return poll(id);
      // A fresh single-use ticket for each connection; without one, follow by polling.
      batchSocketUrl(id).then(
        (url) => {
          if (current.current === id) openSocket(id, url);
        },
        () => {
          if (current.current === id) poll(id);
        },
      );
    },
    [openSocket, poll],
  );

  const follow = useCallback(
    (next: BatchProgress, watched: boolean) => {
      stop();
      current.current = next.id;
      accept(next, watched);
      if (next.status !== "completed") watch(next.id);
    },
    [accept, stop, watch],
  );

  // Coming back: show the last batch (finished or still running).
  useEffect(() => {
    const stored = readStored();
    const controller = new AbortController();
    // Nothing stored: there is nothing to resume (settled like a fetch, so no state is set in the effect itself).
    const found = stored ? fetchBatch(stored.id, controller.signal) : Promise.resolve(null);
    found
      .then((batch) => batch && follow(batch, false))
      .catch((error) => {
        if (error instanceof ApiError && (error.code === "not-found" || error.code === "unauthorized")) writeStored(null);
      })
      .finally(() => setResuming(false));
    return () => controller.abort();
  }, [follow]);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (files: File[], prompt: string, category: ImageCategory, platform: ImagePlatform) => {
      const created = await createBatch(files, prompt, category, platform);
      writeStored({ id: created.id, seen: false });
      follow(created, true);
      return created;
    },
    [follow],
  );

  /** Forgets the shown batch (a new selection, or 'Start a new batch'). */
  const clear = useCallback(() => {
    stop();
    current.current = null;
    setBatch((shown) => {
      if (shown) forgetProtectedImages(shown.items.flatMap((item) => [item.originalImage, item.editedImage]));
      return null;
    });
    writeStored(null);
  }, [stop]);

  return { batch, connection, resuming, start, clear };
}
