/** The worker thread of `runLoadInWorker`: runs the load it is given and posts back the figures. */
import { parentPort, workerData } from 'node:worker_threads'
import { runLoad, type LoadPlan } from './lead-load'

parentPort?.postMessage(await runLoad(workerData as LoadPlan))
