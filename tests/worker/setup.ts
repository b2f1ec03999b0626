import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import { abortAllDurableObjects, applyD1Migrations, env, reset } from "cloudflare:test";

// Runs before each file. The files of the worker project share a workerd (decision 0043).

// @cloudflare/vitest-pool-workers 0.15 wraps the module runner's transport once more every time Vitest
// hands the runner to it, which with `isolate: false` is once per file: after n files every module
// fetch went through n nested calls to the runner object, and the suites slowed down file after file
// (fixed upstream later: "the pool now patches each module runner once"). The first file's transport,
// wrapped once, is kept and put back before each later file.
type Transport = { invoke: (...args: unknown[]) => unknown };
const runner = (globalThis as { __vitest_mocker__?: { moduleRunner?: { transport?: Transport } } }).__vitest_mocker__?.moduleRunner;
const kept = globalThis as { __listoraTransportInvoke?: Transport["invoke"] };
if (runner?.transport) {
  if (kept.__listoraTransportInvoke) runner.transport.invoke = kept.__listoraTransportInvoke;
  else kept.__listoraTransportInvoke = runner.transport.invoke;
}

// @cloudflare/vitest-pool-workers 0.15 wraps each entry-point and Durable Object wrapper class's
// prototype in one more Proxy every time the class is constructed (`Class.prototype = new Proxy(
// Class.prototype, …)` in createProxyPrototypeClass), and `exports.default.fetch` constructs one per
// request. In a workerd that many files share, a property read then runs through thousands of nested
// `get` traps and the stack overflows ("Maximum call stack size exceeded" at `new Class`, about 50
// files in). Upstream: cloudflare/workers-sdk#15092, fixed by #15106 ("install wrapper prototype proxy
// once"). Until the pool is upgraded, a second wrap of a prototype this pool already wrapped answers
// the existing Proxy, which is what the fix does: the trap only defers unknown keys to the RPC getter,
// so one layer behaves as n layers did.
const patched = globalThis as { __listoraProxyOnce?: true };
if (!patched.__listoraProxyOnce) {
  patched.__listoraProxyOnce = true;
  const NativeProxy = Proxy;
  const poolPrototypes = new WeakSet<object>();
  const isPoolPrototypeTrap = (handler: object) => {
    const get = (handler as { get?: unknown }).get;
    return typeof get === "function" && Object.keys(handler).length === 1 && String(get).includes("getUnknownPrototypeKey");
  };
  globalThis.Proxy = new NativeProxy(NativeProxy, {
    construct(target, args: [object, ProxyHandler<object>], newTarget) {
      const [wrapped, handler] = args;
      const pool = isPoolPrototypeTrap(handler);
      if (pool && poolPrototypes.has(wrapped)) return wrapped;
      const proxy = Reflect.construct(target, args, newTarget) as object;
      if (pool) poolPrototypes.add(proxy);
      return proxy;
    },
  });
}

// Every binding (D1, KV, R2, Durable Objects and their alarms) is emptied and every Durable Object still
// in memory is ended (`reset` deletes the data, not the live objects: a throttle counter that created its
// table in its constructor would go on without it), then the migrations are applied to the empty
// database: no file sees another's data; within a file, tests share it as before.
await reset();
await abortAllDurableObjects();
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
