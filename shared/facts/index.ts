/** The listing fact sheet and the claims check (issue 24, decision 0030). */
export {
  extractFacts,
  factItems,
  factLanguage,
  finishWord,
  isColourOption,
  isLabelledModel,
  keptFacts,
  lineBrand,
  measureCore,
  measureItems,
  modelNumber,
  namesInCapitals,
  normalMeasure,
  sizeListIn,
  statesFact,
  type Craft,
  type FactInput,
  type FactItem,
  type FactKind,
  type FactLang,
  type FactSheet,
  type Material,
} from "./extract";
export { englishWords, escapeRegExp, foldCase } from "./language";
export { claimsWithoutSupport, unsupportedClaims, type Claim } from "./claims";
export { manufactureCountry } from "./places";
export { FOOD_WORD, isDevice, isDeviceTitle, isFoodHead, isFoodPackaging, isSmartwatch, isVehiclePart, isWatchListing, isWatchMaker } from "./devices";
export { cardGameName, readCard, type CardReading } from "./cards";
export { applyFactCorrections, type CorrectedFact, type CorrectedInput } from "./corrections";
