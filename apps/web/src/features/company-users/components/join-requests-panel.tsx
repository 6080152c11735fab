import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { MemberRole } from '@cotacoes/shared/schemas/empresas';
import { useId, useState } from 'react';
import { CheckIcon, XIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { fieldClasses } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useApproveJoinRequest, useRejectJoinRequest } from '../api/decide-join-request';
import { type JoinRequest, useJoinRequests } from '../api/list-join-requests';
import { memberRoleOptions } from './assign-user-form';

const t = ui.companyUsers;

function RequestRow({ request, empresaId }: { request: JoinRequest; empresaId: string }) {
  const [role, setRole] = useState<MemberRole>('analista');
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState('');
  const motivoId = useId();
  const approve = useApproveJoinRequest();
  const reject = useRejectJoinRequest();
  const { name, email } = request.requester;

  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">{name}</p>
        <p className="truncate text-xs text-fg-muted">{email}</p>
        <p className="text-xs text-fg-muted">
          {formatMessage(t.requestedAt, { date: formatDateTime(request.createdAt, ui.common.invalidDate) })}
        </p>
        {approve.isError && (
          <Alert variant="error" className="mt-2">
            {errorText(approve.error, t.approveError)}
          </Alert>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          label={formatMessage(t.approveRoleLabel, { name })}
          hideLabel
          options={memberRoleOptions}
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
          className="h-8 w-36"
          disabled={approve.isPending}
        />
        <Button
          size="sm"
          onClick={() =>
            // mutateAsync: the row leaves the list when the lists refresh, and the toast must still show.
            approve
              .mutateAsync({ id: request.id, role, empresaId })
              .then(() => showToast({ message: formatMessage(t.approved, { name }), variant: 'success' }))
              .catch(() => undefined)
          }
          loading={approve.isPending}
          aria-label={formatMessage(t.approveLabel, { name })}
        >
          {!approve.isPending && <CheckIcon size={14} />}
          {t.approve}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setRejecting(true)}
          disabled={approve.isPending}
          aria-label={formatMessage(t.rejectLabel, { name })}
        >
          <XIcon size={14} />
          {t.reject}
        </Button>
      </div>
      <ConfirmModal
        open={rejecting}
        title={t.rejectTitle}
        confirmLabel={t.reject}
        busyLabel={t.rejecting}
        busy={reject.isPending}
        error={reject.isError ? errorText(reject.error, t.rejectError) : null}
        onConfirm={() =>
          reject
            .mutateAsync({ id: request.id, motivo, empresaId })
            .then(() => {
              showToast({ message: t.rejected, variant: 'success' });
              setRejecting(false);
            })
            .catch(() => undefined)
        }
        onClose={() => {
          setRejecting(false);
          reject.reset();
        }}
      >
        <p>{formatMessage(t.rejectConfirm, { name, email })}</p>
        <div className="space-y-1.5">
          <label htmlFor={motivoId} className="block text-sm font-medium text-fg">
            {t.rejectReasonLabel}
          </label>
          <textarea
            id={motivoId}
            value={motivo}
            onChange={(event) => setMotivo(event.target.value)}
            maxLength={500}
            rows={3}
            className={cn(fieldClasses, 'border-border-strong py-2')}
          />
        </div>
      </ConfirmModal>
    </li>
  );
}

/**
 * Join requests of the company the caller acts in (ADR 0008): approve with a role or reject. For a
 * desenvolvedor looking at another company, a note says where the requests are.
 */
export function JoinRequestsPanel({ empresaId, ownCompany }: { empresaId: string; ownCompany: boolean }) {
  const requests = useJoinRequests(ownCompany ? empresaId : null);
  const count = requests.data?.length ?? 0;
  return (
    <section
      aria-labelledby="join-requests-title"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="join-requests-title" className="text-base font-semibold text-fg">
          {t.requestsTitle}
        </h2>
        {count > 0 && <Badge variant="warning">{count}</Badge>}
      </div>
      <p className="mt-1 text-sm text-fg-muted">{t.requestsHint}</p>
      <div className="mt-4">
        {!ownCompany ? (
          <p className="text-sm text-fg-muted">{t.requestsOtherCompany}</p>
        ) : requests.isPending ? (
          <LoadingState className="py-6" />
        ) : requests.isError ? (
          <Alert variant="error">{errorText(requests.error, t.requestsError)}</Alert>
        ) : count === 0 ? (
          <p className="text-sm text-fg-muted">{t.requestsEmpty}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {requests.data.map((request) => (
              <RequestRow key={request.id} request={request} empresaId={empresaId} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
