import { DurableObject } from "cloudflare:workers";

/** One per batch of image edits. Its processing is built by the image-editing work (issue 6). */
export class BatchJob extends DurableObject {}
