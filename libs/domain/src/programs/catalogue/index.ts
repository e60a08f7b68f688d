// The reviewed catalogue of manufacturer Patient Assistance Programs, one file per program.
import type { PapProgram } from '../types';
import { abbvieMyAbbVieAssist } from './abbvie-myabbvie-assist';
import { bayerUsPatientAssistanceFoundation } from './bayer-us-patient-assistance-foundation';
import { celltrionConnectPap } from './celltrion-connect-pap';
import { coherusPatientAssistanceProgram } from './coherus-patient-assistance-program';
import { exelixisAccessServices } from './exelixis-access-services';
import { genentechPatientFoundation } from './genentech-patient-foundation';
import { incyteCaresPatientAssistance } from './incytecares-patient-assistance';
import { lillyCaresOncology } from './lilly-cares-oncology';
import { pfizerRxPathways } from './pfizer-rxpathways';
import { sanofiAubagioPap } from './sanofi-aubagio-pap';
import { amgenSafetyNetFoundation } from './amgen-safety-net-foundation';
import { azAndMe } from './az-and-me';
import { biCaresFoundation } from './bi-cares-foundation';
import { bmsPatientAssistanceFoundation } from './bms-patient-assistance-foundation';
import { gileadAdvancingAccessMap, gileadAdvancingAccessPap } from './gilead-advancing-access';
import { gskPatientAssistanceProgram } from './gsk-patient-assistance-program';
import { jjPatientAssistanceFoundation } from './jj-patient-assistance-foundation';
import { lillyCares } from './lilly-cares';
import { merckPatientAssistanceProgram } from './merck-patient-assistance-program';
import { novartisPatientAssistanceFoundation } from './novartis-patient-assistance-foundation';
import { novoNordiskPap } from './novo-nordisk-pap';
import { novoNordiskPapOzempic } from './novo-nordisk-pap-ozempic';
import { sanofiPatientConnection } from './sanofi-patient-connection';
import { viivHealthcarePap } from './viiv-healthcare-pap';

export const PAP_CATALOGUE: readonly PapProgram[] = [
  abbvieMyAbbVieAssist,
  amgenSafetyNetFoundation,
  azAndMe,
  bayerUsPatientAssistanceFoundation,
  biCaresFoundation,
  bmsPatientAssistanceFoundation,
  celltrionConnectPap,
  coherusPatientAssistanceProgram,
  exelixisAccessServices,
  genentechPatientFoundation,
  gileadAdvancingAccessPap,
  gileadAdvancingAccessMap,
  gskPatientAssistanceProgram,
  incyteCaresPatientAssistance,
  jjPatientAssistanceFoundation,
  lillyCares,
  lillyCaresOncology,
  merckPatientAssistanceProgram,
  novartisPatientAssistanceFoundation,
  novoNordiskPap,
  novoNordiskPapOzempic,
  pfizerRxPathways,
  sanofiPatientConnection,
  sanofiAubagioPap,
  viivHealthcarePap,
];

export { COPAY_CARD_CATALOGUE } from './copay-cards';
export { FOUNDATION_CATALOGUE } from './foundations';
