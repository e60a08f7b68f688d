import { useEffect, useId, useRef, useState } from 'react';
import type { ApplicationView } from '@rxbridge/contracts';
import { DOCUMENT_KINDS, documentLabel, isTerminal, type DocumentKind } from '@rxbridge/domain';
import { messageOf } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select, Textarea } from '@/components/ui/input';
import { useSetDocumentStatus } from '../api/set-document-status';
import { PATIENT_ASKED } from './patient-asked';

/** What the API takes as an item's note (documentStatusSchema). */
const NOTE_MAX = 2000;

/**
 * Asks the patient for a document the checklist lacks (docs/product.md §5, §8): the program came back for one not on
 * the list (Info requested, Denied). The item is added as missing, with the navigator's note the patient reads beside
 * it. Only on an open application: the API refuses a closed or cancelled one's checklist (409), and a refusal that
 * came as the case closed under the navigator stays in the server's words once the form went with it.
 */
export function RequestDocument({ application: a }: { application: ApplicationView }) {
  const id = useId();
  const onList = new Set(a.documents.map((d) => d.kind));
  const kinds = DOCUMENT_KINDS.filter((k) => !onList.has(k));
  const [choice, setChoice] = useState<DocumentKind | ''>('');
  const [note, setNote] = useState('');
  // Said politely where the focus stays (the button); the refusal, in the server's words, until the next ask.
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState('');
  const request = useSetDocumentStatus();
  // The kind the navigator chose, or wrote a note for, stays chosen even once a colleague's ask (or a program's
  // checklist) puts it on the list meanwhile: sent, the server refuses it in its own words ("... changed since you
  // looked"), never an ask for another kind carrying this kind's note. Untouched, the form shows the first kind left.
  const kind = choice || kinds[0];
  const options = DOCUMENT_KINDS.filter((k) => !onList.has(k) || k === choice);
  const heading = useRef<HTMLHeadingElement>(null);
  const askedLast = useRef(false);

  // The last kind asked for takes the form, its button with it, once the checklist is read again: a focus so lost
  // goes to the control's heading, where it says every kind is on the list and the status what was asked, never to
  // the page's start (WCAG 2.4.3). Not to the new item’s Mark received: a second Enter would mark it received.
  useEffect(() => {
    if (kinds.length > 0 || !askedLast.current) return;
    askedLast.current = false;
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, [kinds.length]);

  const ask = () => {
    if (!kind) return;
    setDone('');
    setRefusal('');
    const label = documentLabel(kind);
    askedLast.current = kinds.length === 1;
    request.mutate(
      { applicationId: a.id, kind, status: 'MISSING', note: note.trim() || undefined, fromStatus: 'ABSENT' },
      {
        onSuccess: () => {
          setChoice('');
          setNote('');
          setDone(`${label} asked for: it is on the checklist as missing. ${PATIENT_ASKED}`);
        },
        onError: (error) => {
          askedLast.current = false;
          // The form then shows the kinds still off the list; the note stays, to ask again.
          if (!kinds.includes(kind)) setChoice('');
          setRefusal(messageOf(error, 'The request could not be sent. Please try again.'));
        },
      },
    );
  };

  const closed = isTerminal(a.state);
  if (closed && !refusal) return null;
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3">
      <h5 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        Request another document
      </h5>
      {closed ? null : kinds.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600">Every kind of document is already on the checklist.</p>
      ) : (
        <>
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            When the program asks for a document not on the checklist. The patient is asked for it, with your note.
          </p>
          <div className="mt-2 space-y-2">
            <div>
              <label htmlFor={`${id}-kind`} className="text-xs font-medium text-slate-700">
                Document
              </label>
              <Select
                id={`${id}-kind`}
                aria-describedby={`${id}-hint`}
                value={kind}
                onChange={(e) => setChoice(e.target.value as DocumentKind)}
                className="mt-1 h-9"
              >
                {options.map((k) => (
                  <option key={k} value={k}>
                    {documentLabel(k)}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor={`${id}-note`} className="text-xs font-medium text-slate-700">
                Note for the patient (optional)
              </label>
              <Textarea
                id={`${id}-note`}
                aria-describedby={`${id}-note-hint`}
                value={note}
                maxLength={NOTE_MAX}
                onChange={(e) => {
                  setNote(e.target.value);
                  if (!choice && kind) setChoice(kind);
                }}
                className="mt-1 min-h-16"
              />
              <p id={`${id}-note-hint`} className="mt-1 text-xs text-slate-600">
                What the program asked for. The patient sees it beside the item.
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              onClick={ask}
              isLoading={request.isPending}
              aria-label={`Request document for ${a.medication}`}
            >
              Request document
            </Button>
          </div>
        </>
      )}
      {refusal && (
        <div className="mt-2">
          <FormAlert>
            <strong className="font-semibold">Not requested: </strong>
            {refusal}
          </FormAlert>
        </div>
      )}
      <p role="status" className="text-xs text-slate-700 [&:not(:empty)]:mt-2">
        {done}
      </p>
    </div>
  );
}
