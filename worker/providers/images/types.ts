import type { CutoutInfo, EditCheck, EditMeasurements } from "../../../schema/api/images";
import type { EditPlan } from "../../domain/images/instruction-parser";
import type { CheckedImage } from "../../domain/images/upload";

export type ImageProviderName = "local" | "openai" | "workers-ai";

export interface ImageEditRequest {
  image: CheckedImage;
  /** The seller's words, as typed. */
  prompt: string;
  plan: EditPlan;
}

export interface ImageEditResult {
  bytes: Uint8Array;
  /** What the provider says it returned; the caller re-checks the bytes. */
  type: string;
  responseText: string;
  /** Pixels the in-Worker WebAssembly work ran on (local editor only). */
  workPixels?: number;
  /** Parts of the instruction found undoable while editing (local editor only), with the reason. */
  notApplied?: { instruction: string; reason: string }[];
  /** Set when a cut-out provider removed the background and the local editor did the rest. */
  cutout?: CutoutInfo;
  /** What the edit measured on its own result, and each part's check (local editor only, decision 0032). */
  measurements?: EditMeasurements;
  checks?: EditCheck[];
}

/** One interface for every image editor; the selector in index.ts picks one from configuration. */
export interface ImageEditor {
  name: ImageProviderName;
  /** What the UI shows, e.g. "Local image editor (offline)" or "OpenAI gpt-image-1.5". */
  label: string;
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
  /**
   * Where an instruction that replaces the background goes instead (decision 0018): a cut-out
   * provider, then the local editor on its result. Absent when no cut-out provider is configured.
   */
  cutout?: CutoutEditor;
}

/** A cut-out provider followed by the local editor. */
export interface CutoutEditor {
  provider: CutoutInfo["provider"];
  label: string;
  edit(request: ImageEditRequest): Promise<ImageEditResult & { cutout: CutoutInfo }>;
}
