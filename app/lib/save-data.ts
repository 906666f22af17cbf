import { createContext, useContext } from "react";

const SaveDataContext = createContext(false);

/** The signed-in pages' `saveData` (their layout's), or that of markup drawn outside the router. */
export const SaveDataProvider = SaveDataContext.Provider;

/** Whether this page was asked to save data (the learner's switch or the browser's Save-Data). */
export function useSaveData() {
  return useContext(SaveDataContext);
}
