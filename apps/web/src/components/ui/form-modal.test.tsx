import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { FormModal } from './form-modal';

describe('FormModal', () => {
  it('submits from the footer button and names the request while it runs', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <FormModal
        title="Editar grupo"
        pending={false}
        submitLabel="Salvar"
        pendingLabel="Salvando..."
        onClose={() => {}}
        onSubmit={onSubmit}
      >
        <input aria-label="Nome" />
      </FormModal>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].defaultPrevented).toBe(true);

    rerender(
      <FormModal
        title="Editar grupo"
        pending
        submitLabel="Salvar"
        pendingLabel="Salvando..."
        onClose={() => {}}
        onSubmit={onSubmit}
      >
        <input aria-label="Nome" />
      </FormModal>,
    );
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByText('Salvando...')).toBeInTheDocument();
  });

  it('cannot be closed with Escape while the request runs', async () => {
    const onClose = vi.fn();
    render(
      <FormModal
        title="Novo grupo"
        pending
        submitLabel="Criar"
        pendingLabel="Criando..."
        onClose={onClose}
        onSubmit={() => {}}
      >
        <input aria-label="Nome" />
      </FormModal>,
    );
    screen.getByRole('dialog', { hidden: true }).dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('portalled inside another form, submitting it never submits the outer form', async () => {
    const outer = vi.fn((event: Event) => event.preventDefault());
    const inner = vi.fn();
    render(
      <form onSubmit={(event) => outer(event.nativeEvent)}>
        <FormModal
          portal
          title="Nova transportadora"
          pending={false}
          submitLabel="Criar"
          pendingLabel="Criando..."
          onClose={() => {}}
          onSubmit={inner}
        >
          <input aria-label="Nome" />
        </FormModal>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Criar' }));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
