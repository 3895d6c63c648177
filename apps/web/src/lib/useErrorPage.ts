import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from './paths';
import { errorPageFor } from './api';

/**
 * A page that shows one read leaves it for an error page when the read cannot be shown: `missing` (an id that
 * cannot be one, an answer naming nothing) goes to not-found; a failed read to the page its error names
 * (errorPageFor: 404 or 500), else to `otherwise` (the server-error page unless told).
 */
export function useErrorPage(read: { isError: boolean; error: unknown }, { missing = false, otherwise = paths.serverError }: { missing?: boolean; otherwise?: string } = {}) {
  const navigate = useNavigate();
  useEffect(() => {
    const target = missing ? paths.notFound : read.isError ? (errorPageFor(read.error) ?? otherwise) : null;
    if (target) void navigate(target, { replace: true });
  }, [missing, read.isError, read.error, otherwise, navigate]);
}
