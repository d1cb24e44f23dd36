// The build's generator of the reference of `mastermind-mpi` (frontend/reference_writer.hpp): the
// manual page mastermind-mpi(1) and the bash and zsh completions, from the command line the
// program parses (run_options.cpp) and the prose below. It does not start MPI.

#include <memory>
#include <string>

#include "mm/core/i18n.hpp"
#include "mm/frontend/manual_page.hpp"
#include "mm/frontend/reference_writer.hpp"
#include "run_options.hpp"

namespace mm::cluster {

namespace {

frontend::ManualPage page() {
  frontend::ManualPage p;
  p.version = std::string("mastermind-mpi ") + MM_VERSION;
  p.summary = tr("the exact optimal search of mastermind spread over the processes of an MPI job");
  p.synopsis = tr("evaluate|tree [OPTION]...");
  p.description = {
      tr("mastermind-mpi runs the search of `mastermind evaluate --strategy optimal` and `mastermind tree "
         "--strategy optimal` over the processes (ranks) of an MPI job started by mpirun, one thread each with -j 1. "
         "It takes mastermind's variant options and answers as mastermind does, byte for byte, for any number of "
         "ranks, on every board the search takes."),
      tr("Rank 0 hands out the tasks and writes the answer; every rank runs tasks. With --checkpoint FILE every "
         "finished task is recorded, and a job that was stopped goes on from there when it is started again with "
         "the same command."),
  };
  p.examples = {
      {"mpirun -np 2 mastermind-mpi evaluate --rules p4c7r -j 1",
       tr("The optimal total of 4 pegs and 7 colours (11228) on two ranks.")},
      {"mpirun -np 2 mastermind-mpi tree --rules p4c7r -j 1 -o p4c7r.json",
       tr("Its decision tree, written to a file.")},
      {"mpirun --hostfile hosts -np 32 mastermind-mpi evaluate --rules p4c8r -j 1 --checkpoint p4c8r.ckpt --progress",
       tr("On a cluster (the hostfile names the machines), with a checkpoint and the progress line.")},
  };
  p.environment = frontend::common_environment();
  p.environment.push_back(
      {"OMPI_MCA_pml", tr("Open MPI's messaging layer: mastermind-mpi names ob1 unless this variable names another.")});
  p.files = {{"share/mastermind/locale/", tr("The catalogues of the translations, above the program's own directory: "
                                             "/usr/share/mastermind/locale/ for /usr/bin/mastermind-mpi.")}};
  p.see_also = {"mastermind(1)", "mpirun(1)"};
  return p;
}

}  // namespace

}  // namespace mm::cluster

int main(int argc, char** argv) {
  // Outlive the app, whose callbacks write into them (never run here).
  static mm::frontend::CommonOptions options;
  static const auto args = std::make_shared<mm::cluster::RunArgs>();
  return mm::frontend::write_reference(argc, argv,
                                       {[] { return mm::cluster::make_app(options, args); }, mm::cluster::page});
}
